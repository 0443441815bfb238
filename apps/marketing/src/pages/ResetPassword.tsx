import { ResetPasswordForm } from '@solvr/web-accounts';

/** Where the password-reset e-mail lands. */
export default function ResetPassword() {
  return <ResetPasswordForm />;
}
