// @solvr/web-news/admin: the admin console's News tab; only the admin remote loads it. From the main entry it only
// reuses the stateless Pager (and web-data's api), so a second copy of either costs nothing.
import './news-common.css';
import './news-admin.css';

export { NewsAdminTab, ADMIN_NEWS_PAGE_SIZE } from './admin/news-admin-tab';
export { NewsAdminCard, type NewsAdminCardProps } from './admin/news-admin-card';
export { NewsFormDialog, type NewsFormDialogProps } from './admin/news-form-dialog';
export { ContentPreview, previewDocument, type ContentPreviewProps } from './admin/content-preview';
export { NEWS_ADMIN_TEXTS } from './admin/texts';
export {
  newsAdminApi,
  useAdminNewsQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useSetNewsFlagsMutation,
  useDeleteNewsMutation,
  type AdminNewsArgs,
} from './admin/news-admin.api';
