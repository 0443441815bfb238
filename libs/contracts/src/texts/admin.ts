import { FILE_TEXTS } from '../files';
import { RELEASE_CHANNEL_LABELS } from '../releases';

/** Spec section 2, "Admin Dashboard"; Releases (versions, rollouts, deploy tokens) is beyond the spec (issue 28). */
export const ADMIN_TABS = ['Overview', 'Files', 'Upload', 'Releases', 'News', 'Users', 'Email'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TEXTS = {
  title: 'Admin Dashboard',
  subtitle: 'Manage files, users, and system settings.',
  totalUsers: 'Total Users',
  admins: 'Admins',
  systemStatus: 'System status',
  comingSoon: 'This section is being prepared.',
} as const;

/** Unsaved work in the admin console: closing what holds it asks first. */
export const UNSAVED_TEXTS = {
  discardTitle: 'Discard unsaved changes?',
  discardBody: 'What you have written here will be lost.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

/** Spec section 2, "Files tab" (verbatim where the spec gives the text); the rest is ours. */
export const ADMIN_FILES_TEXTS = {
  searchPlaceholder: 'Search files...',
  searchLabel: 'Search files by name or description',
  empty: 'No files found',
  emptySearching: 'Try adjusting your search terms',
  emptyNone: 'No files have been uploaded yet',
  allUsers: 'All Users',
  specificUsers: 'Specific Users',
  active: 'Active',
  inactive: 'Inactive',
  free: 'Free',
  view: 'View',
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
  cancel: 'Cancel',
  size: 'Size',
  downloads: 'Downloads',
  access: 'Access',
  created: 'Created',
  allowedUsers: (count: number) => `Allowed Users (${count})`,
  // For screen readers: which file a button acts on.
  viewLabel: (name: string) => `View ${name}`,
  activateLabel: (name: string) => `Activate ${name}`,
  deactivateLabel: (name: string) => `Deactivate ${name}`,
  deleteLabel: (name: string) => `Delete ${name}`,
  copy: 'Copy',
  copyChecksum: (name: string) => `Copy the SHA-256 of ${name}`,
  copied: 'Copied to clipboard!',
  heading: 'Files',
  viewFailed: 'Could not open the file. Please try again.',
  toggleFailed: 'Could not change the file. Please try again.',
  deleteFailed: 'Could not delete the file. Please try again.',
} as const;

/** Spec sections 2 and 5, "Upload tab" (the messages themselves are FILE_TEXTS). */
export const ADMIN_UPLOAD_TEXTS = {
  title: 'Upload New File',
  file: 'Choose files',
  chosenFile: (type: string, size: string) => `Type: ${type} · Size: ${size}`,
  name: 'File Name',
  nameHint: "Defaults to the file's name without its extension.",
  version: 'Version',
  description: 'Description',
  accessType: 'Access Type',
  allUsers: 'All Users',
  specificUsers: 'Specific Users',
  allowedUsers: 'Allowed Users',
  searchUsers: 'Search users by name or e-mail...',
  searchingUsers: 'Searching...',
  noUsers: 'No users found',
  usersFound: (n: number) => (n === 1 ? '1 user found' : `${n} users found`),
  removeUser: (email: string) => `Remove ${email}`,
  chosenUsers: (n: number) => (n === 1 ? '1 user selected' : `${n} users selected`),
  isPaid: 'Paid file',
  price: 'Price',
  currency: 'Currency',
  releaseChannel: 'Release Channel',
  channelLabels: RELEASE_CHANNEL_LABELS,
  platform: 'Platform',
  submit: 'Upload File',
  uploading: 'Uploading...',
  cancel: 'Cancel',
  canceled: 'The upload was canceled.',
  progress: 'Upload progress',
  progressOf: (sent: string, total: string) => `${sent} of ${total}`,
  speed: (perSecond: string) => `${perSecond}/s`,
  // Several files at once (issue 29): a drop zone, one item per file, and the tray on every admin tab.
  dropTitle: 'Drag and drop files here',
  dropActive: 'Drop the files to add them',
  dropHint: 'One or many files: each gets its own details, progress and Cancel. You can also choose them with the button below.',
  added: (n: number) => (n === 1 ? '1 file added.' : `${n} files added.`),
  items: 'Files to upload',
  uploadAll: (n: number) => `Upload all (${n})`,
  remove: 'Remove',
  dismiss: 'Dismiss',
  queued: 'Waiting to start...',
  trayTitle: 'Uploads',
  traySummary: (running: number, finished: number) =>
    [running ? `${running} uploading` : '', finished ? `${finished} finished` : ''].filter(Boolean).join(' · '),
  trayShow: 'Show uploads',
  trayHide: 'Hide uploads',
  trayOpenTab: 'Open the Upload tab',
  clearFinished: 'Clear finished',
  announceDone: (name: string) => `${name}: ${FILE_TEXTS.uploaded}`,
  announceFailed: (name: string, message: string) => `${name}: ${message}`,
  announceCanceled: (name: string) => `${name}: upload canceled.`,
} as const;
