import { useEffect, useId, useState } from 'react';
import { ADMIN_USERS_TEXTS as T, formatListDate, LIMITS, type AdminUserView, type Role, userActivity } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, EmptyState, SkeletonCard, Stat, toast } from '@solvr/web-ui';
import { ConfirmDialog, Input, useDebounced } from '@solvr/web-ui/forms';
import { errorMessage, selectUser, useAppSelector } from '@solvr/web-data';
import { useAdminUsersInfiniteQuery, useChangeRoleMutation, useExportUsersMutation, useUsersSummaryQuery } from './users-admin.api';

const ACTIVITY_BADGE = { New: 'secondary', Active: 'success', Inactive: 'outline' } as const;

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

function UserCard({ user, isSelf }: { user: AdminUserView; isSelf: boolean }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [changeRole] = useChangeRoleMutation();
  const name = user.full_name || T.noName;
  const who = user.full_name || user.email;
  const target: Role = user.role === 'admin' ? 'user' : 'admin';
  const activity = userActivity(user.last_login);

  const apply = () =>
    changeRole({ id: user.id, role: target })
      .unwrap()
      .then(() => {
        toast({ variant: 'success', title: T.roleChanged(who, target) });
      })
      .catch((err) => {
        toast({ variant: 'error', title: errorMessage(err, T.roleFailed) });
        throw err;
      });

  return (
    <Card className="au-user" role="article" aria-labelledby={titleId}>
      <CardHeader className="au-user-header">
        <CardTitle id={titleId} className="au-user-name">
          {name}
        </CardTitle>
        <div className="au-badges">
          <Badge variant={user.role === 'admin' ? 'warning' : 'secondary'}>{user.role === 'admin' ? T.admin : T.user}</Badge>
          <Badge variant={ACTIVITY_BADGE[activity]}>{activity}</Badge>
          {!user.email_verified && (
            <Badge variant="outline" title={T.unconfirmedLabel}>
              {T.unconfirmed}
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent>
        <p className="au-email">{user.email}</p>
        <dl className="au-facts">
          <div>
            <dt>{T.company}</dt>
            <dd>{user.company || '—'}</dd>
          </div>
          <div>
            <dt>{T.jobTitle}</dt>
            <dd>{user.job_title || '—'}</dd>
          </div>
          <div>
            <dt>{T.downloads}</dt>
            <dd>{user.download_count.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>{T.joined}</dt>
            <dd>{formatListDate(user.created_date)}</dd>
          </div>
          <div>
            <dt>{T.lastLogin}</dt>
            <dd>{user.last_login ? formatListDate(user.last_login) : T.never}</dd>
          </div>
        </dl>
      </CardContent>
      {!isSelf && (
        <CardFooter className="au-actions">
          <Button size="sm" variant="outline" aria-label={target === 'admin' ? T.makeAdminLabel(who) : T.removeAdminLabel(who)} onClick={() => setConfirming(true)}>
            {target === 'admin' ? T.makeAdmin : T.removeAdmin}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={T.confirmTitle}
            description={target === 'admin' ? T.confirmPromote(who) : T.confirmDemote(who)}
            confirmLabel={target === 'admin' ? T.makeAdmin : T.removeAdmin}
            cancelLabel={T.cancel}
            variant={target === 'admin' ? 'primary' : 'danger'}
            onConfirm={apply}
          />
        </CardFooter>
      )}
    </Card>
  );
}

/** The admin console's Users tab: server-side search and paging, counts, roles and the CSV export. */
export function UsersTab() {
  const me = useAppSelector(selectUser);
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const { data: summary } = useUsersSummaryQuery();
  const { data, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, error } = useAdminUsersInfiniteQuery(q);
  const [exportUsers, { isLoading: exporting }] = useExportUsersMutation();
  const users = data?.pages.flatMap((p) => p.users) ?? [];
  const total = data?.pages[0]?.total ?? 0;

  useEffect(() => {
    if (error) console.error('Could not load the users', error);
  }, [error]);

  const exportCsv = () =>
    exportUsers(q)
      .unwrap()
      .catch((err) => toast({ variant: 'error', title: errorMessage(err, T.exportFailed) }));

  return (
    <section className="au-users" aria-labelledby="admin-users-heading">
      <div className="au-toolbar">
        <h2 id="admin-users-heading">{T.heading}</h2>
        <Button variant="outline" loading={exporting} onClick={exportCsv}>
          {exporting ? T.exporting : T.exportCsv}
        </Button>
      </div>
      <div className="au-stats">
        <Stat label={T.totalUsers} value={summary?.total_users.toLocaleString('en-US') ?? '…'} />
        <Stat label={T.admins} value={summary?.admins.toLocaleString('en-US') ?? '…'} />
        <Stat label={T.totalDownloads} value={summary?.total_downloads.toLocaleString('en-US') ?? '…'} />
      </div>
      <Input type="search" className="au-search" placeholder={T.searchPlaceholder} aria-label={T.searchLabel} value={query} onChange={(e) => setQuery(e.target.value)} />
      {isLoading ? (
        <div className="au-list" aria-busy="true">
          {Array.from({ length: LIMITS.skeletons.admin }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : users.length === 0 ? (
        <EmptyState title={T.empty} description={q ? T.emptySearching : T.emptyNone} />
      ) : (
        <>
          <p className="au-count" aria-live="polite" aria-busy={isFetching}>
            {T.shown(users.length, total)}
          </p>
          <ul className="au-list">
            {users.map((u) => (
              <li key={u.id}>
                <UserCard user={u} isSelf={u.id === me?.id} />
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <Button variant="outline" className="au-more" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
              {T.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
