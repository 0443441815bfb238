import { useId, useState, type KeyboardEvent } from 'react';
import { ADMIN_USERS_TEXTS as T, ADMIN_USER_SORTS, type AdminUserOrder, type AdminUserSort, type AdminUserView, firstDirection, formatListDate, type Role, userActivity } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, toast } from '@solvr/web-ui';
import { ConfirmDialog } from '@solvr/web-ui/forms';
import { errorMessage } from '@solvr/web-data';
import { useChangeRoleMutation } from './users-admin.api';

const ACTIVITY_BADGE = { New: 'secondary', Active: 'success', Inactive: 'outline' } as const;

const nameOf = (user: AdminUserView) => user.full_name || T.noName;
const whoOf = (user: AdminUserView) => user.full_name || user.email;

/** Make admin / Remove admin, after a confirmation. */
function RoleButton({ user }: { user: AdminUserView }) {
  const [confirming, setConfirming] = useState(false);
  const [changeRole] = useChangeRoleMutation();
  const who = whoOf(user);
  const target: Role = user.role === 'admin' ? 'user' : 'admin';
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
    <>
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
    </>
  );
}

function Badges({ user }: { user: AdminUserView }) {
  const activity = userActivity(user.last_login);
  return (
    <>
      <Badge variant={ACTIVITY_BADGE[activity]}>{activity}</Badge>
      {!user.email_verified && (
        <Badge variant="outline" title={T.unconfirmedLabel}>
          {T.unconfirmed}
        </Badge>
      )}
    </>
  );
}

const RoleBadge = ({ user }: { user: AdminUserView }) => <Badge variant={user.role === 'admin' ? 'warning' : 'secondary'}>{user.role === 'admin' ? T.admin : T.user}</Badge>;

interface RowProps {
  user: AdminUserView;
  isSelf: boolean;
  onOpen(user: AdminUserView): void;
}

/** A user card (narrow screens). */
export function UserCard({ user, isSelf, onOpen }: RowProps) {
  const titleId = useId();
  return (
    <Card className="au-user" role="article" aria-labelledby={titleId}>
      <CardHeader className="au-user-header">
        <CardTitle id={titleId} className="au-user-name">
          {nameOf(user)}
        </CardTitle>
        <div className="au-badges">
          <RoleBadge user={user} />
          <Badges user={user} />
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
      <CardFooter className="au-actions">
        <Button size="sm" variant="outline" aria-label={T.openUser(whoOf(user))} onClick={() => onOpen(user)}>
          {T.details}
        </Button>
        {!isSelf && <RoleButton user={user} />}
      </CardFooter>
    </Card>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column header: a button that sorts by it, or flips the direction when it already does. */
function SortHeader({ column, order, onSort }: { column: AdminUserSort; order: AdminUserOrder; onSort(order: AdminUserOrder): void }) {
  const active = order.sort === column;
  return (
    <th scope="col" aria-sort={active ? ARIA_SORT[order.dir] : 'none'}>
      <button
        type="button"
        className="au-sort"
        onClick={() => onSort({ sort: column, dir: active ? (order.dir === 'asc' ? 'desc' : 'asc') : firstDirection(column) })}
      >
        {T.columns[column]}
        <span className="au-sort-mark" aria-hidden="true">
          {active ? (order.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The users as a dense table (wide screens): sortable headers, a sticky header row, a row opens the user's panel. */
export function UsersTable({ users, selfId, order, onSort, onOpen }: { users: AdminUserView[]; selfId: string | undefined; order: AdminUserOrder; onSort(order: AdminUserOrder): void; onOpen(user: AdminUserView): void }) {
  const onKeyDown = (user: AdminUserView) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    // Enter on the row itself (a button inside it does its own thing).
    if (e.key === 'Enter' && e.target === e.currentTarget) {
      e.preventDefault();
      onOpen(user);
    }
  };
  return (
    <div className="au-table-wrap">
      <table className="au-table" aria-label={T.tableLabel}>
        <thead>
          <tr>
            {ADMIN_USER_SORTS.map((column) => (
              <SortHeader key={column} column={column} order={order} onSort={onSort} />
            ))}
            <th scope="col">{T.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} tabIndex={0} className="au-row" data-user-id={user.id} onClick={() => onOpen(user)} onKeyDown={onKeyDown(user)}>
              <td className="au-cell-name">{nameOf(user)}</td>
              <td className="au-cell-email">{user.email}</td>
              <td>{user.company || '—'}</td>
              <td>
                <RoleBadge user={user} />
              </td>
              <td className="au-num">{user.download_count.toLocaleString('en-US')}</td>
              <td>{formatListDate(user.created_date)}</td>
              <td>{user.last_login ? formatListDate(user.last_login) : T.never}</td>
              <td>
                <span className="au-badges">
                  <Badges user={user} />
                </span>
              </td>
              <td onClick={(e) => e.stopPropagation()}>{user.id !== selfId && <RoleButton user={user} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
