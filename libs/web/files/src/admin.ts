// @solvr/web-files/admin: the admin console's Files, Upload and Releases tabs and its charts; only the admin remote
// loads it.
import './files-admin.css';

export { filesAdminApi } from './admin/files-admin.api';
export { FilesTab } from './admin/files-tab';
export { UploadTab } from './admin/upload-tab';
export { UploadTray, type UploadTrayProps } from './admin/upload-tray';
export { uploadStore, useUploads, type UploadItem, type UploadStatus } from './admin/upload-store';
export { sendUpload, type UploadOutcome, type UploadProgress } from './admin/upload-request';
export { fileStatsApi, useFileStatsQuery } from './admin/file-stats.api';
export { purchasesApi, useFilePurchasesQuery, useRevenueQuery } from './admin/purchases.api';
export { FilePurchasesPanel } from './admin/file-purchases';
export { ReleasesTab } from './admin/releases-tab';
export { releasesAdminApi } from './admin/releases-admin.api';
export { DailyChart, type ChartDay, type ChartSeries, type DailyChartProps } from './admin/daily-chart';
