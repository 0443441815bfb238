import { useEffect, useState } from 'react';
import { ADMIN_USERS_DEFAULT_ORDER, ADMIN_USERS_TEXTS as T, LIMITS, type AdminUserOrder, type AdminUserView } from '@solvr/contracts';
import { Button, EmptyState, SkeletonCard, Stat, toast } from '@solvr/web-ui';
import { Input, useDebounced } from '@solvr/web-ui/forms';
import { errorMessage, selectUser, useAppSelector } from '@solvr/web-data';
import { useNarrow } from './use-narrow';
import { UserCard, UsersTable } from './user-row';
import { UserPanel } from './user-panel';
import { SaveSearchButton } from './save-search-button';
import { useAdminUsersInfiniteQuery, useExportUsersMutation, useUsersSummaryQuery } from './users-admin.api';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The admin console's Users tab: server-side search, sort and paging, counts, roles, the CSV export and a side panel
 * per user. Wide screens get a dense table, narrow ones (390 px) cards, from the same data.
 */
export function UsersTab() {
  const me = useAppSelector(selectUser);
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<AdminUserOrder>(ADMIN_USERS_DEFAULT_ORDER);
  const [open, setOpen] = useState<AdminUserView | null>(null);
  const narrow = useNarrow();
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const list = { q, ...order };
  const { data: summary } = useUsersSummaryQuery();
  const { data, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, error } = useAdminUsersInfiniteQuery(list);
  const [exportUsers, { isLoading: exporting }] = useExportUsersMutation();
  const users = data?.pages.flatMap((p) => p.users) ?? [];
  const total = data?.pages[0]?.total ?? 0;

  useEffect(() => {
    if (error) console.error('Could not load the users', error);
  }, [error]);

  const exportCsv = () =>
    exportUsers(list)
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
      <div className="au-search-row">
        <Input type="search" className="au-search" placeholder={T.searchPlaceholder} aria-label={T.searchLabel} value={query} onChange={(e) => setQuery(e.target.value)} />
        {/* A named search is an Email Center segment. */}
        <SaveSearchButton q={q} />
      </div>
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
          {narrow ? (
            <ul className="au-list">
              {users.map((u) => (
                <li key={u.id}>
                  <UserCard user={u} isSelf={u.id === me?.id} onOpen={setOpen} />
                </li>
              ))}
            </ul>
          ) : (
            <UsersTable users={users} selfId={me?.id} order={order} onSort={setOrder} onOpen={setOpen} />
          )}
          {hasNextPage && (
            <Button variant="outline" className="au-more" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
              {T.loadMore}
            </Button>
          )}
        </>
      )}
      {open && <UserPanel user={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
