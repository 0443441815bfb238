// @solvr/web-files/admin: the admin console's Files and Upload tabs; only the admin remote loads it.
import './files-admin.css';

export { filesAdminApi } from './admin/files-admin.api';
export { FilesTab } from './admin/files-tab';
export { UploadTab } from './admin/upload-tab';
export { useUpload } from './admin/use-upload';
export { sendUpload, type UploadOutcome, type UploadProgress } from './admin/upload-request';
export { fileStatsApi, useFileStatsQuery } from './admin/file-stats.api';
export { purchasesApi, useFilePurchasesQuery, useRevenueQuery } from './admin/purchases.api';
export { FilePurchasesPanel } from './admin/file-purchases';
