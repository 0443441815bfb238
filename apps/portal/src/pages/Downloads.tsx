import { EmptyState, PageContainer } from '@solvr/web-ui';

export default function Downloads() {
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>Downloads</h1>
        <p className="pt-muted">Access and download your available files.</p>
      </div>
      <EmptyState title="No files found" description="No files are available for download at this time" />
    </PageContainer>
  );
}
