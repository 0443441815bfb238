import { PORTAL_TEXTS } from '@solvr/contracts';
import { PageContainer } from '@solvr/web-ui';

const T = PORTAL_TEXTS.migrationGuide;

export default function MigrationGuide() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.title}</h1>
        <p className="pt-muted">{T.subtitle}</p>
      </div>
    </PageContainer>
  );
}
