import { AUTH_MESSAGES } from './auth';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ACCOUNT_TEXTS } from './texts/accounts';

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

/**
 * The one password rule of sign-up, change password (Dashboard) and reset password (/ResetPassword), on the api and
 * the pages alike: spec section 5's sign-up rule, at least LIMITS.signupPasswordMin characters, with the spec's
 * message and the spec's hint ('Minimum 6 characters') that each of those forms shows under its password field.
 * Only the first password set on Complete Profile keeps the spec's stricter checklist (PASSWORD_RULES).
 */
export const PASSWORD_RULE = {
  minLength: LIMITS.signupPasswordMin,
  message: MESSAGES.signup.short,
  hint: ACCOUNT_TEXTS.signup.passwordHint,
} as const;

/** PASSWORD_RULE's message when the password (as typed, never trimmed) breaks it, else null. */
export const passwordRuleProblem = (password: string): string | null => (password.length < PASSWORD_RULE.minLength ? PASSWORD_RULE.message : null);

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
  const weak = passwordRuleProblem(password as string);
  if (weak) return weak;
  if (!isValidEmail(email as string)) return AUTH_MESSAGES.emailRequired;
  return null;
}

/** The sign-up form, spec section 5 in its order: blanks, the match, the length; the first failing message, or null. */
export function validateSignup({ email, password, confirmPassword }: SignupInput): string | null {
  if (isBlank(email) || isBlank(password) || isBlank(confirmPassword)) return MESSAGES.signup.blank;
  if (password !== confirmPassword) return MESSAGES.signup.mismatch;
  return checkSignupRequest({ email, password });
}
