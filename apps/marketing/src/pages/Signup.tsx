import { ACCOUNT_TEXTS as T } from '@solvr/contracts';
import { AuthCard, SignUpForm, SignedOutOnly } from '@solvr/web-accounts';

export default function Signup() {
  return (
    <AuthCard title={T.signup.title} description={T.signup.description}>
      <SignedOutOnly>
        <SignUpForm />
      </SignedOutOnly>
    </AuthCard>
  );
}
