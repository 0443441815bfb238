import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_TEXTS as T } from '@solvr/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, SkeletonCard } from '@solvr/web-ui';
import { Input, Label, useDebounced } from '@solvr/web-ui/forms';
import { useAuditLogInfiniteQuery } from './audit.api';

/** A value with no space in it (an e-mail, a file name, a JSON change) can only break anywhere; text of words wraps between them. */
const text = (value: string | null) => (value && !/\s/.test(value) ? <span className="ad-audit-token">{value}</span> : value ?? '');

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Who did what, to what, when and from where: every admin action, filtered by action or admin. */
export function AuditLog() {
  const [action, setAction] = useState('');
  const [actorTyped, setActorTyped] = useState('');
  const actor = useDebounced(actorTyped.trim(), 250);
  const { data, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useAuditLogInfiniteQuery({ action, actor }, { refetchOnMountOrArgChange: true });
  const entries = data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = !!(action || actor);

  return (
    <Card className="ad-audit">
      <CardHeader className="ad-audit-header">
        <CardTitle as="h2">{T.heading}</CardTitle>
        <div className="ad-audit-filters">
          <div>
            <Label htmlFor="audit-action">{T.filterAction}</Label>
            <select id="audit-action" className="ui-input" value={action} onChange={(e) => setAction(e.target.value)}>
              <option value="">{T.allActions}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="audit-actor">{T.filterActor}</Label>
            <Input id="audit-actor" type="search" value={actorTyped} onChange={(e) => setActorTyped(e.target.value)} />
          </div>
          <Button variant="ghost" size="sm" onClick={() => void refetch()}>
            Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <SkeletonCard lines={2} />
        ) : entries.length === 0 ? (
          <EmptyState title={filtered ? T.emptyFiltered : T.empty} />
        ) : (
          <div className="ad-audit-scroll">
            <table className="ad-audit-table">
              <thead>
                <tr>
                  <th scope="col">{T.when}</th>
                  <th scope="col">{T.actor}</th>
                  <th scope="col">{T.action}</th>
                  <th scope="col">{T.target}</th>
                  <th scope="col">{T.detail}</th>
                  <th scope="col">{T.ip}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td data-label={T.when}>{when(e.created_date)}</td>
                    <td data-label={T.actor} className="ad-audit-token">
                      {e.actor_email}
                    </td>
                    <td data-label={T.action}>
                      <code>{e.action}</code>
                    </td>
                    <td data-label={T.target}>
                      {e.target_type}
                      {e.target_type && (e.target_label || e.target_id) ? ': ' : ''}
                      {/* A deleted item is named by the label kept at delete time; only an unnamed one shows its id. */}
                      {e.target_label === null ? <span className="ad-audit-token">{e.target_id}</span> : text(e.target_label)}
                    </td>
                    <td data-label={T.detail}>{text(e.detail)}</td>
                    <td data-label={T.ip} className="ad-audit-token">
                      {e.ip ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {hasNextPage && (
          <Button variant="outline" size="sm" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
            {T.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
