import { UserMenu } from '@solvr/web-accounts';

/** The header's user menu, in a file of its own so that PublicLayout can load it (and the accounts library) lazily. */
export default function HeaderUserMenu({ email }: { email: string }) {
  return <UserMenu email={email} />;
}
