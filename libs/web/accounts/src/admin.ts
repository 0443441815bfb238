// @solvr/web-accounts/admin: the account pieces only the admin console uses. Kept out of the main entry so the
// landing page and the portal never load them. It shares no module with the main entry (only web-data's api),
// so it stays one copy however it is bundled.
export { accountsAdminApi, useUsersSummaryQuery, useSignupsQuery } from './admin/users-admin.api';
export { UsersTab } from './admin/users-tab';
import './admin/users-admin.css';
export { SaveSearchButton } from './admin/save-search-button';
export { savedSearchesApi, useSavedSearchesQuery, useDeleteSavedSearchMutation } from './admin/saved-searches.api';
