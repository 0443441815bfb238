// @solvr/web-releases: the desktop app's releases as users see them: the Dashboard's installers, the library's
// desktop app entries, the download page (/{product}Download) and the public release history (/Releases); a Module
// Federation singleton like web-files, on whose pieces it builds. Admin pieces are in ./admin
// (@solvr/web-releases/admin).
export { releasesApi, useReleasesQuery, useReleaseHistoryQuery, useNotifyMeMutation } from './releases.api';
// Dashboard (/Dashboard) and the library (/Downloads).
export { AvailableDownloadsCard } from './lib/available-downloads';
export { DesktopAppEntries } from './lib/desktop-app-entries';
// Installer page (/{product}Download).
export { ProductDownloadView, installersSummary } from './lib/product-download';
export { PlatformSwitcher, type PlatformSwitcherProps } from './lib/platform-switcher';
export { CopyButton, type CopyButtonProps } from './lib/copy-button';
export { latestRelease, preferredReleases, visitorPlatform } from './lib/pick-release';
// Release history (/Releases, public).
export { ReleaseHistory } from './lib/release-history';
