import type { Role } from './roles';

/** The signed-in account as the api returns it (sign-in, refresh, GET /api/users/me). */
export interface AccountView {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  download_count: number;
  profile_completed: boolean;
  has_password: boolean;
}

/**
 * Where a sign-in lands someone whose profile is incomplete: Complete Profile (spec section 8), except an admin, who
 * goes on to what they asked for: the console does not need their phone and street address (issue 29).
 */
export const mustCompleteProfile = (user: Pick<AccountView, 'profile_completed' | 'role'>): boolean => !user.profile_completed && user.role !== 'admin';
