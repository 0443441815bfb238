import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_TEXTS as T, pathTo } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';
import { selectSession, useAppSelector } from '@solvr/web-data';
import { useLogoutMutation } from './accounts.api';

/**
 * The sign-in and sign-up forms are for visitors: a signed-in account sees who it is signed in as, with the way to
 * the Dashboard and Logout, instead of an empty form.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useAppSelector(selectSession);
  const [logout, { isLoading }] = useLogoutMutation();
  const [, navigate] = useLocation();
  if (session.status !== 'signed-in' || !session.user) return <>{children}</>;
  return (
    <div className="acc-form">
      <p className="acc-center">{T.alreadySignedIn.as(session.user.email)}</p>
      <Button fullWidth onClick={() => navigate(pathTo('Dashboard'))}>
        {T.alreadySignedIn.toDashboard}
      </Button>
      <Button variant="outline" fullWidth loading={isLoading} onClick={() => void logout()}>
        {T.logout}
      </Button>
    </div>
  );
}
