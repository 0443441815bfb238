import type { CurrencyAmount, PaymentStatus } from './payments';
import type { ProfileView } from './profile';
import type { Role } from './roles';

/** Spec section 2, "Users tab" and "Overview" (verbatim where the spec gives the text); the rest is ours. */
export const ADMIN_USERS_TEXTS = {
  heading: 'User Management',
  searchPlaceholder: 'Search users...',
  searchLabel: 'Search users by name, e-mail or company',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Could not export the users. Please try again.',
  totalUsers: 'Total Users',
  admins: 'Admins',
  totalDownloads: 'Total Downloads',
  noName: 'No Name',
  unconfirmed: 'Unconfirmed',
  unconfirmedLabel: 'This account has not confirmed its e-mail address',
  admin: 'Admin',
  user: 'User',
  downloads: 'Downloads',
  joined: 'Joined',
  lastLogin: 'Last Login',
  never: 'Never',
  company: 'Company',
  jobTitle: 'Job Title',
  empty: 'No users found',
  emptySearching: 'Try adjusting your search terms',
  emptyNone: 'No users have registered yet',
  loadMore: 'Load more',
  shown: (shown: number, total: number) => `Showing ${shown} of ${total}`,
  makeAdmin: 'Make admin',
  removeAdmin: 'Remove admin',
  makeAdminLabel: (who: string) => `Make ${who} an admin`,
  removeAdminLabel: (who: string) => `Remove admin role from ${who}`,
  confirmPromote: (who: string) => `${who} will be able to manage files, news, users and e-mail.`,
  confirmDemote: (who: string) => `${who} will lose access to the admin console at once.`,
  confirmTitle: 'Are you sure?',
  confirm: 'Confirm',
  cancel: 'Cancel',
  roleChanged: (who: string, role: Role) => (role === 'admin' ? `${who} is now an admin.` : `${who} is no longer an admin.`),
  roleFailed: 'Could not change the role. Please try again.',
  lastAdmin: 'The last admin cannot be demoted. Make another user admin first.',
  selfDemote: 'You cannot remove your own admin role. Ask another admin.',
  userNotFound: 'User not found.',
  badRole: 'The role must be admin or user.',
  // The table (issue 29) and the user's side panel.
  tableLabel: 'Users',
  columns: {
    name: 'Name',
    email: 'E-mail',
    company: 'Company',
    role: 'Role',
    downloads: 'Downloads',
    joined: 'Joined',
    last_login: 'Last Login',
    status: 'Status',
  },
  sortBy: (column: string) => `Sort by ${column}`,
  openUser: (who: string) => `Open the details of ${who}`,
  details: 'Details',
  actions: 'Actions',
  badSort: 'Unknown sort column. Use one of: name, email, company, role, downloads, joined, last_login, status.',
  badDirection: 'The sort direction must be asc or desc.',
  badCursor: 'The page cursor is not valid. Reload the list.',
  panelDetails: 'Details',
  panelDownloads: 'Downloads',
  panelPurchases: 'Purchases',
  panelAudit: 'Audit entries',
  panelLoading: 'Loading…',
  panelFailed: 'Could not load this part. Please try again.',
  noDownloads: 'No downloads yet',
  noPurchases: 'No purchases yet',
  noAudit: 'No audit entries by or about this user',
  latestOf: (shown: number, total: number) => `The latest ${shown} of ${total}`,
  deletedFile: 'Deleted file',
  phone: 'Phone',
  address: 'Address',
  emailConfirmed: 'E-mail confirmed',
  profileCompleted: 'Profile completed',
  bulkMail: 'Bulk e-mail',
  bulkMailOptedOut: 'Opted out',
  bulkMailReceives: 'Receives',
  yes: 'Yes',
  no: 'No',
  auditBy: (actor: string) => `by ${actor}`,
} as const;

/** The Users table's sortable columns: GET /api/admin/users?sort=&dir= (status sorts by its label: Active, Inactive, New). */
export const ADMIN_USER_SORTS = ['name', 'email', 'company', 'role', 'downloads', 'joined', 'last_login', 'status'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface AdminUserOrder {
  sort: AdminUserSort;
  dir: SortDirection;
}
/** Newest first, as before the table had sorting. */
export const ADMIN_USERS_DEFAULT_ORDER: AdminUserOrder = { sort: 'joined', dir: 'desc' };
/** The direction a column starts in when first clicked: numbers and dates largest first, text A to Z. */
export const firstDirection = (sort: AdminUserSort): SortDirection => (sort === 'downloads' || sort === 'joined' || sort === 'last_login' ? 'desc' : 'asc');

/** Spec section 4: no last login is New, a login within 720 hours Active, otherwise Inactive. */
export type UserActivity = 'New' | 'Active' | 'Inactive';
export const ACTIVE_WINDOW_HOURS = 720;

export function userActivity(lastLogin: string | Date | null, now: Date = new Date()): UserActivity {
  if (!lastLogin) return 'New';
  const at = typeof lastLogin === 'string' ? new Date(lastLogin) : lastLogin;
  return now.getTime() - at.getTime() <= ACTIVE_WINDOW_HOURS * 3600_000 ? 'Active' : 'Inactive';
}

/** A user card of the Users tab. */
export interface AdminUserView {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  company: string | null;
  job_title: string | null;
  phone: string | null;
  /** False until the account confirms its e-mail; unconfirmed accounts get no bulk mail. */
  email_verified: boolean;
  download_count: number;
  created_date: string;
  last_login: string | null;
}

export interface AdminUserPage {
  users: AdminUserView[];
  /** How many users match the search in all. */
  total: number;
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

export const ADMIN_USERS_PAGE_SIZE = 50;

/** GET /api/admin/users/:id: the side panel's details. */
export interface AdminUserDetail
  extends AdminUserView,
    Pick<ProfileView, 'street_address_1' | 'street_address_2' | 'city' | 'state_province' | 'postal_code' | 'country' | 'profile_completed'> {
  bulk_mail_opt_out: boolean;
}

/** How many of a user's downloads, purchases or audit entries the side panel lists (the newest). */
export const ADMIN_USER_PANEL_LIMIT = 50;

/** GET /api/admin/users/:id/downloads (files feature): the user's downloads, newest first. */
export interface AdminUserDownload {
  id: string;
  /** Null once the file is deleted. */
  file_id: string | null;
  file_name: string | null;
  file_version: string | null;
  created_date: string;
}
export interface AdminUserDownloads {
  downloads: AdminUserDownload[];
  /** All of the user's downloads (the list holds the newest ADMIN_USER_PANEL_LIMIT). */
  total: number;
}

/** GET /api/admin/users/:id/purchases (files feature, from the payments feature's purchases): newest first. */
export interface AdminUserPurchase {
  id: string;
  file_id: string;
  /** Null once the file is deleted. */
  file_name: string | null;
  amount_paid: number;
  currency: string;
  payment_status: PaymentStatus;
  created_date: string;
}
export interface AdminUserPurchases {
  purchases: AdminUserPurchase[];
  /** Paid purchases summed per currency. */
  revenue: CurrencyAmount[];
}

export interface RoleChange {
  role: Role;
}

/** Spec section 3: the columns of users.csv, in order. */
export const USERS_CSV_COLUMNS = ['Name', 'Email', 'Role', 'Company', 'Job Title', 'Phone', 'Download Count', 'Created Date', 'Last Login'] as const;
export const USERS_CSV_FILE = 'users.csv';

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd' in UTC (the CSV's Created Date). */
export const csvDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** 'yyyy-MM-dd HH:mm' in UTC (the CSV's Last Login). */
export const csvDateTime = (d: Date) => `${csvDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/**
 * A phone number as people write it: an optional +, then digits, spaces, ( ) . and -. Such a value names no
 * function and no cell, so a spreadsheet cannot run anything from it.
 */
const PHONE_NUMBER = /^\+?[0-9(][0-9 ().-]*$/;

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or CR first) gets a leading apostrophe, which
 * spreadsheets show as text (OWASP "CSV injection"); a phone number (+15551234567) is left as it is.
 */
export function csvSafeCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) && !PHONE_NUMBER.test(text) ? `'${text}` : text;
}

/** One row of users.csv (spec section 3). */
export function usersCsvRow(u: AdminUserView): string[] {
  return [
    u.full_name ?? '',
    u.email,
    u.role,
    u.company ?? '',
    u.job_title ?? '',
    u.phone ?? '',
    String(u.download_count),
    csvDate(new Date(u.created_date)),
    u.last_login ? csvDateTime(new Date(u.last_login)) : ADMIN_USERS_TEXTS.never,
  ].map(csvSafeCell);
}

/** Overview charts: one point per day (UTC) of the last 30 days, zero-filled. */
export interface DailyCount {
  day: string;
  count: number;
}
export const ACTIVITY_DAYS = 30;

export function lastDays(counts: Record<string, number>, days = ACTIVITY_DAYS, now = new Date()): DailyCount[] {
  const out: DailyCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = csvDate(new Date(now.getTime() - i * 86_400_000));
    out.push({ day, count: counts[day] ?? 0 });
  }
  return out;
}

export const OVERVIEW_TEXTS = {
  totalFiles: 'Total Files',
  totalUsers: 'Total Users',
  totalDownloads: 'Total Downloads',
  newsPosts: 'News Posts',
  totalRevenue: 'Total Revenue',
  quickActions: 'Quick actions',
  uploadFiles: 'Upload Files',
  uploadFilesHint: 'Add installers and documents',
  manageNews: 'Manage News',
  manageNewsHint: 'Write and publish updates',
  sendEmail: 'Send Email',
  sendEmailHint: 'Mail your users',
  migrationGuide: 'Migration Guide',
  migrationGuideHint: 'Self-host this portal',
  downloadsChart: 'Downloads per day (last 30 days)',
  /** The one definition of a download, said under both charts that count them (Overview and Releases). */
  downloadDefinition:
    'A download is one started transfer of a library file or a desktop app installer; a resumed part of the same transfer, a block map and an update package are not counted.',
  libraryDownloads: 'Library files',
  desktopDownloads: 'Desktop app',
  downloadsTotal: (library: number, desktop: number) => `${library + desktop} in 30 days (${library} library files, ${desktop} desktop app)`,
  signupsChart: 'Sign-ups per day (last 30 days)',
  chartTable: (title: string) => `${title}: values`,
  day: 'Day',
  count: 'Count',
  chartTotal: (n: number) => `${n} in 30 days`,
  showValues: 'Show values',
} as const;

/** GET /api/admin/files/stats. */
export interface AdminFileStats {
  total_files: number;
  /** The files' download counts added up. */
  total_downloads: number;
  downloads_per_day: DailyCount[];
}

/** Audit log of admin actions. */
export const AUDIT_ACTIONS = [
  'file.upload',
  'file.update',
  'file.delete',
  'news.create',
  'news.edit',
  'news.publish',
  'news.delete',
  'user.role',
  'user.profile',
  'mail.campaign',
  'mail.retry',
  'mail.test',
  'release.change',
  'release.channel',
  'release.publish',
  'deploy_token.create',
  'deploy_token.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntryView {
  id: string;
  action: AuditAction;
  actor_id: string;
  actor_email: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  ip: string | null;
  created_date: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  next: string | null;
}

export const AUDIT_TEXTS = {
  heading: 'Audit log',
  filterAction: 'Action',
  allActions: 'All actions',
  filterActor: 'Admin e-mail',
  empty: 'No admin actions recorded yet',
  emptyFiltered: 'No entries match this filter',
  when: 'When',
  actor: 'Admin',
  action: 'Action',
  target: 'Target',
  ip: 'IP',
  detail: 'Detail',
  loadMore: 'Load more',
  badAction: 'Unknown action filter.',
} as const;
