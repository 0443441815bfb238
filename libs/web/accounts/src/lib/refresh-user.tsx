import { ACCOUNT_TEXTS as T, MESSAGES } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { selectUser, useAppDispatch, useAppSelector, userUpdated } from '@solvr/web-data';
import { useLazyMeQuery } from './accounts.api';

/** Reloads the signed-in account from the api (e.g. after an admin gave it a role) into the session. */
export function useRefreshUser() {
  const dispatch = useAppDispatch();
  const [loadMe, { isFetching }] = useLazyMeQuery();
  const refresh = async () => {
    const result = await loadMe();
    if (result.data) dispatch(userUpdated(result.data));
  };
  return { refresh, refreshing: isFetching };
}

const reloadPage = () => window.location.reload();

/**
 * Spec section 6: what an account without role admin sees on the Admin Dashboard: the denial, its e-mail and role,
 * and 'Refresh User Data', which reloads the account into the session and then reloads the page, as the spec says
 * (so a role given meanwhile takes effect everywhere). `reload` replaces the page reload in tests.
 */
export function AdminAccessRequired({ reload = reloadPage }: { reload?: () => void }) {
  const user = useAppSelector(selectUser);
  const { refresh, refreshing } = useRefreshUser();
  const refreshAndReload = async () => {
    await refresh();
    reload();
  };
  return (
    <PageContainer>
      <Card className="acc-denied">
        <CardHeader>
          <CardTitle as="h1">{MESSAGES.access.deniedTitle}</CardTitle>
          <CardDescription>{MESSAGES.access.notAdmin}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="acc-facts">
            <dt>{T.notAdmin.email}</dt>
            <dd>{user?.email}</dd>
            <dt>{T.notAdmin.role}</dt>
            <dd>{user?.role}</dd>
          </dl>
          <Button onClick={refreshAndReload} loading={refreshing}>
            {MESSAGES.access.refreshUser}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
