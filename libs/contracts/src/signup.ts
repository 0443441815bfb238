import { AUTH_MESSAGES } from './auth';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

export const EMAIL_MAX_LENGTH = 254;
/**
 * The one e-mail check of page, api, CLI and config: a plain dot-atom address (local@host.tld). Quoted local
 * parts, commas, angle brackets, spaces and comments are refused, because mailers read such spellings as other
 * addresses than the one stored.
 */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`);

/** Accounts are keyed by the trimmed, lower-cased address. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const isValidEmail = (email: string): boolean => {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
};

/**
 * Passwords are used exactly as typed, everywhere: never trimmed when stored or when checked, so a password
 * with spaces at either end signs in as it was chosen. Only a password of nothing but spaces counts as blank.
 */
const isBlank = (value: string | undefined): boolean => !value?.trim();

export interface SignupRequest {
  email: string;
  password: string;
}

export interface SignupInput extends SignupRequest {
  confirmPassword: string;
}

/** What the api checks of POST /auth/signup: the spec's blank and length rules, then a usable address. */
export function checkSignupRequest({ email, password }: Partial<SignupRequest>): string | null {
  if (isBlank(email) || isBlank(password)) return MESSAGES.signup.blank;
  if ((password as string).length < LIMITS.signupPasswordMin) return MESSAGES.signup.short;
  if (!isValidEmail(email as string)) return AUTH_MESSAGES.emailRequired;
  return null;
}

/** The sign-up form, spec section 5 in its order: blanks, the match, the length; the first failing message, or null. */
export function validateSignup({ email, password, confirmPassword }: SignupInput): string | null {
  if (isBlank(email) || isBlank(password) || isBlank(confirmPassword)) return MESSAGES.signup.blank;
  if (password !== confirmPassword) return MESSAGES.signup.mismatch;
  return checkSignupRequest({ email, password });
}
