// @solvr/web-files/admin: the admin console's Files and Upload tabs, its charts and the upload pieces the Releases
// tab (@solvr/web-releases/admin) also uses; only the admin remote loads it.
import './files-admin.css';

export { filesAdminApi } from './admin/files-admin.api';
export { FilesTab } from './admin/files-tab';
export { UploadTab } from './admin/upload-tab';
export { UploadTray, type UploadTrayProps } from './admin/upload-tray';
export { uploadStore, useUploads, type UploadItem, type UploadStatus } from './admin/upload-store';
export { sendMultipart, sendUpload, type UploadHandle, type UploadOutcome, type UploadProgress } from './admin/upload-request';
export { UploadProgressBar, type UploadProgressBarProps } from './admin/upload-progress';
export { failureMessage } from './admin/upload-store';
export { problemText } from './admin/problem-text';
export { fileStatsApi, useFileStatsQuery } from './admin/file-stats.api';
export { purchasesApi, useFilePurchasesQuery, useRevenueQuery } from './admin/purchases.api';
export { FilePurchasesPanel } from './admin/file-purchases';
export { DailyChart, type ChartDay, type ChartSeries, type DailyChartProps } from './admin/daily-chart';
