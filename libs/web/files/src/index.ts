// @solvr/web-files: the files feature of the signed-in pages (library, dashboard downloads, installer page) and the
// public release history; a Module Federation singleton like web-accounts. Admin pieces are in ./admin
// (@solvr/web-files/admin).
import './files.css';

export {
  filesApi,
  useLibraryFilesQuery,
  useLibraryFileQuery,
  useLibrarySummaryQuery,
  useReleasesQuery,
  useReleaseHistoryQuery,
  useStartDownloadMutation,
  useStartCheckoutMutation,
  useCheckoutStatusQuery,
  useNotifyMeMutation,
} from './files.api';
// Downloads library (/Downloads).
export { DownloadsLibrary, LIBRARY_PAGE_SIZE, type DownloadsLibraryProps } from './library/downloads-library';
export { FileCard, type FileCardProps } from './library/file-card';
export { LibraryStats } from './library/library-stats';
export {
  ALL_TYPES,
  DEFAULT_LIBRARY_SORT,
  LIBRARY_SORTS,
  indexLibrary,
  isFiltering,
  libraryTypes,
  queryLibrary,
  type LibraryEntry,
  type LibraryQuery,
  type LibrarySort,
} from './library/library-query';
export { buyErrorText, priceOf, useCheckout } from './library/buy';
export {
  browserNavigation,
  downloadErrorText,
  useDownload,
  useDownloadLink,
  useFileActions,
  type DownloadFailure,
  type FileActions,
  type UseDownload,
} from './library/use-download';
export { listDate, shortHash } from './library/format';
// Dashboard (/Dashboard).
export { DashboardStats } from './dashboard/dashboard-stats';
export { AvailableDownloadsCard } from './dashboard/available-downloads';
// Installer page (/{product}Download).
export { ProductDownloadView, installersSummary } from './releases/product-download';
export { PlatformSwitcher, type PlatformSwitcherProps } from './releases/platform-switcher';
export { CopyButton, type CopyButtonProps } from './releases/copy-button';
export { latestRelease, preferredReleases, visitorPlatform } from './releases/pick-release';
// Release history (/Releases, public).
export { ReleaseHistory } from './releases/release-history';
// Where the payment provider's checkout returns (/PaymentSuccess, /PaymentCancelled).
export { PaymentCancelledView, PaymentSuccessView, PAYMENT_POLL_MS, PAYMENT_SLOW_MS } from './payments/payment-pages';
