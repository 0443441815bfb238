import type { AccountView } from './account';
import { DEFAULT_BRAND, type Brand } from './brand';
import type { ProfileView } from './profile';

/** GET /api/public-config: what the web needs before sign-in. */
export interface PublicConfig {
  brand: Brand;
  /** Whether "Continue with Google" is configured on the server. */
  googleEnabled: boolean;
  /** YouTube id of the Proof page's demo video (PROOF_VIDEO_ID); null: the page shows no video. */
  proofVideoId: string | null;
}

/** What the web assumes until (or unless) /api/public-config answers. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { brand: DEFAULT_BRAND, googleEnabled: false, proofVideoId: null };

/** GET /api/admin/users/pick?q=: users for a picker (the upload's specific_users), at most PICK_LIMIT. */
export interface UserPick {
  email: string;
  full_name: string | null;
}
export const PICK_LIMIT = 20;

/** GET /api/admin/summary: account counts of the Users tab and the admin overview. */
export interface AdminSummary {
  total_users: number;
  admins: number;
  /** The users' download counts added up. */
  total_downloads: number;
}

/** Sign-in, Google sign-in and refresh: a new access token and the account (the refresh token is a cookie). */
export interface AuthResponse {
  access_token: string;
  user: AccountView;
}

/** Sign-up, resend, forgot and reset: accepted, with the text to show. */
export interface AcceptedResponse {
  success: true;
  message: string;
}

/** PUT /api/users/me/profile. */
export interface ProfileSaveResponse {
  success: boolean;
  profile: ProfileView;
}

/** POST /api/users/me/password: `current_password` is required when the account has a password. */
export interface PasswordChangeRequest {
  current_password?: string;
  password: string;
}

/** The new session (the other sessions and earlier access tokens end) and AUTH_MESSAGES.passwordChanged. */
export interface PasswordChangedResponse extends AuthResponse {
  message: string;
}
