import { PageContainer } from '@solvr/web-ui';

export default function MigrationGuide() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>Self-hosting Migration Guide</h1>
        <p className="pt-muted">Project structure, schema, settings and deployment of a self-hosted copy.</p>
      </div>
    </PageContainer>
  );
}
