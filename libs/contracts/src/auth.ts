/** Texts of the account flows that the spec leaves to us (it shows no verification, reset or throttling). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unverified: 'Please confirm your email address before signing in. Check your inbox for the link.',
  signupAccepted: 'Check your email now to confirm your account',
  resendAccepted: 'If an unconfirmed account exists for that email, we sent a new confirmation link.',
  resetRequested: "If an account exists for that email, we've sent a link to reset your password. It is valid for one hour.",
  resetDone: 'Your password has been changed. Please sign in with your new password.',
  linkInvalid: 'This link is invalid or has expired. Request a new one below.',
  throttled: 'Too many attempts. Please wait a few minutes and try again.',
  /** 503: more sign-ins (or password changes) at this moment than the server checks at once and keeps waiting. */
  busy: 'Too many people are signing in right now. Please try again in a few seconds.',
  googleUnavailable: 'Google sign-in is not available right now.',
  googleNotVerified: 'Your Google account e-mail is not verified, so it cannot be linked to an existing account.',
  emailRequired: 'Please enter a valid e-mail address.',
  alreadyConfirmed: 'Your email address is already confirmed. You can sign in.',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordRequired: 'Please enter your current password.',
  passwordAlreadySet: 'Your account already has a password. Change it with your current password instead.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  jsonOnly: 'Please send this request as JSON.',
  crossSite: 'This request must come from this site.',
  passwordBlank: 'Please enter your password.',
  newPasswordBlank: 'Please enter a new password.',
} as const;

/** POST /api/auth/forgot-password and /api/auth/resend-verification. */
export interface EmailRequest {
  email: string;
}

/** POST /api/auth/login. */
export interface LoginRequest extends EmailRequest {
  password: string;
}

/** POST /api/users/me/password: the current password is needed once the account has one. */
export interface ChangePasswordRequest {
  current_password?: string;
  password: string;
}

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export const VERIFY_EMAIL_TTL_HOURS = 24;
export const RESET_PASSWORD_TTL_HOURS = 1;
