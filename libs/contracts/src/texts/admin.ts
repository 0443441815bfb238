/** Spec section 2, "Admin Dashboard". */
export const ADMIN_TABS = ['Overview', 'Files', 'Upload', 'News', 'Users', 'Email'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TEXTS = {
  title: 'Admin Dashboard',
  subtitle: 'Manage files, users, and system settings.',
  totalUsers: 'Total Users',
  admins: 'Admins',
  systemStatus: 'System status',
  comingSoon: 'This section is being prepared.',
} as const;
