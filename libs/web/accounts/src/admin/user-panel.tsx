import { useId, type ReactNode } from 'react';
import { ADMIN_USERS_TEXTS as T, type AdminUserView, formatListDate, formatPrice, formatRevenue, userActivity } from '@solvr/contracts';
import { Badge, Spinner } from '@solvr/web-ui';
import { Dialog } from '@solvr/web-ui/forms';
import { useAdminUserAuditQuery, useAdminUserDownloadsQuery, useAdminUserPurchasesQuery, useAdminUserQuery } from './users-admin.api';

/** One part of the panel, with its own loading, failure and empty states. */
function Section<D>({
  title,
  state,
  empty,
  emptyText = '',
  children,
}: {
  title: string;
  state: { data?: D; isLoading: boolean; isError: boolean };
  empty(data: D): boolean;
  emptyText?: string;
  children(data: D): ReactNode;
}) {
  const id = useId();
  const { data, isLoading, isError } = state;
  return (
    <section className="au-panel-section" aria-labelledby={id} aria-busy={isLoading}>
      <h3 id={id}>{title}</h3>
      {isLoading ? (
        <p className="au-muted">
          <Spinner size="sm" /> {T.panelLoading}
        </p>
      ) : isError || !data ? (
        <p role="alert">{T.panelFailed}</p>
      ) : empty(data) ? (
        <p className="au-muted">{emptyText}</p>
      ) : (
        children(data)
      )}
    </section>
  );
}

const Fact = ({ label, value }: { label: string; value: ReactNode }) => (
  <div>
    <dt>{label}</dt>
    <dd>{value ?? '—'}</dd>
  </div>
);

const yesNo = (value: boolean) => (value ? T.yes : T.no);

/**
 * The side panel of a user (a modal sheet: focus moves in, Tab stays in, Escape closes, focus goes back to the row):
 * the profile from the users feature, downloads and purchases from the files feature, entries from the audit log.
 */
export function UserPanel({ user, onClose }: { user: AdminUserView; onClose(): void }) {
  const details = useAdminUserQuery(user.id);
  const downloads = useAdminUserDownloadsQuery(user.id);
  const purchases = useAdminUserPurchasesQuery(user.id);
  const audit = useAdminUserAuditQuery(user.id);
  const d = details.data;
  const address = d && [d.street_address_1, d.street_address_2, d.city, d.state_province, d.postal_code, d.country].filter(Boolean).join(', ');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={user.full_name || T.noName} description={user.email} className="au-panel">
      <Section title={T.panelDetails} state={details} empty={() => false}>
        {(u) => (
          <dl className="au-facts">
            <Fact label={T.columns.role} value={u.role === 'admin' ? T.admin : T.user} />
            <Fact label={T.columns.status} value={<Badge variant="secondary">{userActivity(u.last_login)}</Badge>} />
            <Fact label={T.company} value={u.company} />
            <Fact label={T.jobTitle} value={u.job_title} />
            <Fact label={T.phone} value={u.phone} />
            <Fact label={T.address} value={address || null} />
            <Fact label={T.downloads} value={u.download_count.toLocaleString('en-US')} />
            <Fact label={T.joined} value={formatListDate(u.created_date)} />
            <Fact label={T.lastLogin} value={u.last_login ? formatListDate(u.last_login) : T.never} />
            <Fact label={T.emailConfirmed} value={yesNo(u.email_verified)} />
            <Fact label={T.profileCompleted} value={yesNo(u.profile_completed)} />
            <Fact label={T.bulkMail} value={u.bulk_mail_opt_out ? T.bulkMailOptedOut : T.bulkMailReceives} />
          </dl>
        )}
      </Section>
      <Section title={T.panelDownloads} state={downloads} empty={(x) => x.downloads.length === 0} emptyText={T.noDownloads}>
        {(x) => (
          <>
            {x.total > x.downloads.length && <p className="au-muted">{T.latestOf(x.downloads.length, x.total)}</p>}
            <ul className="au-panel-list">
              {x.downloads.map((row) => (
                <li key={row.id}>
                  <span>{row.file_name ? `${row.file_name}${row.file_version ? ` ${row.file_version}` : ''}` : T.deletedFile}</span>
                  <span className="au-muted">{formatListDate(row.created_date)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section title={T.panelPurchases} state={purchases} empty={(x) => x.purchases.length === 0} emptyText={T.noPurchases}>
        {(x) => (
          <>
            <p className="au-muted">{formatRevenue(x.revenue)}</p>
            <ul className="au-panel-list">
              {x.purchases.map((row) => (
                <li key={row.id}>
                  <span>{row.file_name ?? T.deletedFile}</span>
                  <span>
                    {formatPrice(row.amount_paid, row.currency)} <Badge variant={row.payment_status === 'paid' ? 'success' : 'outline'}>{row.payment_status}</Badge>
                  </span>
                  <span className="au-muted">{formatListDate(row.created_date)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section title={T.panelAudit} state={audit} empty={(x) => x.entries.length === 0} emptyText={T.noAudit}>
        {(x) => (
          <ul className="au-panel-list">
            {x.entries.map((e) => (
              <li key={e.id}>
                <span>
                  <code>{e.action}</code> {e.target_label ?? ''} {e.detail ? `(${e.detail})` : ''}
                </span>
                <span className="au-muted">
                  {T.auditBy(e.actor_email)} · {formatListDate(e.created_date)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Dialog>
  );
}
