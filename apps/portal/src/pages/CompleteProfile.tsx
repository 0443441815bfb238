import { useSearchParams } from 'react-router-dom';
import { CompleteProfileForm } from '@solvr/web-accounts';

/** Spec section 2: shown bare; hasPassword=no adds the optional password block. */
export default function CompleteProfile() {
  const [params] = useSearchParams();
  return <CompleteProfileForm askPassword={params.get('hasPassword') === 'no'} />;
}
