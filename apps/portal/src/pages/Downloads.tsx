import { PageContainer } from '@solvr/web-ui';
import { DownloadsLibrary } from '@solvr/web-files';

/** /Downloads: the files library (spec section 2); everything lives in @solvr/web-files. */
export default function Downloads() {
  return (
    <PageContainer>
      <DownloadsLibrary />
    </PageContainer>
  );
}
