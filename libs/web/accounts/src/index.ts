// @solvr/web-accounts: the account feature of the web (a Module Federation singleton, like web-data and web-ui).
// Admin-only pieces are in ./admin (@solvr/web-accounts/admin), so pages that never show the admin console never
// load them; test helpers are in ./testing (@solvr/web-accounts/testing).
import './accounts.css';

export {
  accountsApi,
  googleSignInUrl,
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useLazyMeQuery,
  useSignupMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useMyProfileQuery,
  useSaveProfileMutation,
  useChangePasswordMutation,
} from './lib/accounts.api';
export { AuthCard, GoogleSignIn } from './lib/auth-card';
export { SignInForm, useSignIn, withPeriod } from './lib/sign-in-form';
export { SignUpForm, useSignUp } from './lib/sign-up-form';
export { SignedOutOnly } from './lib/signed-out-only';
export { ForgotPassword } from './lib/forgot-password';
export { ResendVerification } from './lib/resend-verification';
export { ResetPasswordForm } from './lib/reset-password-form';
export { CompleteProfileForm } from './lib/complete-profile';
export { AdminAccessRequired, useRefreshUser } from './lib/refresh-user';
export { ChangePasswordForm, PasswordCard, useChangePassword, type ChangePasswordFormProps } from './lib/change-password';
export { UserMenu } from './lib/user-menu';
