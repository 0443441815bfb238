// @solvr/web-files: the files feature of the signed-in pages (library, dashboard figures, payments); a Module
// Federation singleton like web-accounts. Admin pieces are in ./admin (@solvr/web-files/admin). The desktop app's
// releases are @solvr/web-releases, which builds on the pieces exported here.
import './files.css';

export {
  filesApi,
  useLibraryFilesInfiniteQuery,
  type LibraryArg,
  useLibraryFileQuery,
  useLibrarySummaryQuery,
  useStartDownloadMutation,
  useStartCheckoutMutation,
  useCheckoutStatusQuery,
} from './files.api';
// Downloads library (/Downloads).
export { DownloadsLibrary, type DownloadsLibraryProps } from './library/downloads-library';
export { FileCard, type FileCardProps } from './library/file-card';
export { LibraryStats } from './library/library-stats';
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
export { LoadFailed, type LoadFailedProps } from './library/load-failed';
export { DownloadButton, type DownloadButtonProps } from './library/download-button';
// Dashboard (/Dashboard).
export { DashboardStats } from './dashboard/dashboard-stats';
// Where the payment provider's checkout returns (/PaymentSuccess, /PaymentCancelled).
export { PaymentCancelledView, PaymentSuccessView, PAYMENT_POLL_MS, PAYMENT_SLOW_MS } from './payments/payment-pages';
