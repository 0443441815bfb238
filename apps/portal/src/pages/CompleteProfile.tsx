import { CompleteProfileForm } from '@solvr/web-accounts';

/** Spec section 2: shown bare. The password block follows the account (has_password), not the hasPassword query. */
export default function CompleteProfile() {
  return <CompleteProfileForm />;
}
