import { normalizeEmail } from './signup';

/** A feature's answer on one resource for one caller; the api turns it into 200 / 404 / 403. */
export type AccessDecision = 'allowed' | 'not-found' | 'forbidden';

export type FileAccessType = 'all_users' | 'specific_users';

/** The facts of a file that decide who sees it. */
export interface FileAccessFacts {
  id: string;
  is_active: boolean;
  is_paid: boolean;
  access_type: FileAccessType;
  /** E-mail addresses of the users a specific_users file is for. */
  allowed_users: readonly string[];
}

export interface FileViewer {
  email: string | null;
  isAdmin: boolean;
  /** Ids of the paid files this caller bought (purchases with payment_status `paid`; a refund removes one). */
  purchased?: ReadonlySet<string>;
}

/** What the library shows for a file: its Download button, its 'Buy {price}' button, or nothing. */
export type FileAvailability = 'download' | 'buy' | 'hidden';

/**
 * Spec section 6. An active free file is visible for all_users, or for specific_users when the user is listed.
 * An active paid file is listed for everyone, and available (Download instead of Buy) only when it is
 * specific_users and lists the user, or the user bought it (a paid purchase). Inactive files are hidden; admins
 * manage every file, so they see all.
 */
export function fileAvailability(file: FileAccessFacts, viewer: FileViewer): FileAvailability {
  if (viewer.isAdmin) return 'download';
  if (!file.is_active || !viewer.email) return 'hidden';
  // Only a file for specific users compares addresses (most files are for all users: no work per file for them).
  const me = file.access_type === 'specific_users' ? normalizeEmail(viewer.email) : '';
  const listed = !!me && file.allowed_users.some((e) => normalizeEmail(e) === me);
  if (file.is_paid) return listed || viewer.purchased?.has(file.id) ? 'download' : 'buy';
  return file.access_type === 'all_users' || listed ? 'download' : 'hidden';
}

/** The api's decision for listing or downloading a file: hidden files do not exist for the caller. */
export function fileAccessDecision(file: FileAccessFacts, viewer: FileViewer, action: 'view' | 'download'): AccessDecision {
  const availability = fileAvailability(file, viewer);
  if (availability === 'hidden') return 'not-found';
  if (action === 'download' && availability === 'buy') return 'forbidden';
  return 'allowed';
}
