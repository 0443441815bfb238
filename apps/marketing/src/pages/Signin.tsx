import { ACCOUNT_TEXTS as T } from '@solvr/contracts';
import { AuthCard, SignInForm, SignedOutOnly } from '@solvr/web-accounts';

export default function Signin() {
  return (
    <AuthCard title={T.signin.title} description={T.signin.description}>
      <SignedOutOnly>
        <SignInForm />
      </SignedOutOnly>
    </AuthCard>
  );
}
