import { PORTAL_TEXTS } from '@solvr/contracts';
import { EmptyState, PageContainer } from '@solvr/web-ui';

const T = PORTAL_TEXTS.downloads;

export default function Downloads() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.title}</h1>
        <p className="pt-muted">{T.subtitle}</p>
      </div>
      <EmptyState title={T.empty} description={T.emptyNone} />
    </PageContainer>
  );
}
