import { LIMITS } from './limits';
import { MESSAGES } from './messages';

export interface SignupInput {
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec section 5, in its order: the first failing rule's message, or null. */
export function validateSignup({ email, password, confirmPassword }: SignupInput): string | null {
  if (!email.trim() || !password.trim() || !confirmPassword.trim()) return MESSAGES.signup.blank;
  if (password.trim() !== confirmPassword.trim()) return MESSAGES.signup.mismatch;
  if (password.length < LIMITS.signupPasswordMin) return MESSAGES.signup.short;
  return null;
}
