import { PageContainer } from '@solvr/web-ui';
import { DownloadsLibrary } from '@solvr/web-files';
import { DesktopAppEntries } from '@solvr/web-releases';

/** /Downloads: the files library (spec section 2, @solvr/web-files) with the desktop app's entries (@solvr/web-releases). */
export default function Downloads() {
  return (
    <PageContainer>
      <DownloadsLibrary desktopApp={<DesktopAppEntries />} />
    </PageContainer>
  );
}
