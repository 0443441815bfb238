import { PageContainer } from '@solvr/web-ui';
import { ProductDownloadView } from '@solvr/web-releases';

/** /{product}Download: the installer of the visitor's platform (see ProductDownloadView). */
export default function ProductDownload() {
  return (
    <PageContainer size="md">
      <ProductDownloadView />
    </PageContainer>
  );
}
