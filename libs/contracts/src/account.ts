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
