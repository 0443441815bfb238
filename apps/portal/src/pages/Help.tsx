import { PORTAL_TEXTS } from '@solvr/contracts';
import { Accordion, PageContainer } from '@solvr/web-ui';

const T = PORTAL_TEXTS.help;

export default function Help() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.title}</h1>
      </div>
      <Accordion items={T.sections.map((s) => ({ ...s }))} />
    </PageContainer>
  );
}
