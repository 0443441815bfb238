// @solvr/web-releases/admin: the admin console's Releases tab (versions and their rollouts, publishing, activity,
// channels, deploy tokens); only the admin remote loads it.
export { ReleasesTab } from './admin/releases-tab';
export { releasesAdminApi } from './admin/releases-admin.api';
export { useDesktopDownloads } from './admin/release-activity';
