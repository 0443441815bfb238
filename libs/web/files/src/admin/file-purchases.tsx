import { useId, useState } from 'react';
import { formatListDate, formatPrice, formatRevenue, PAYMENT_TEXTS as T, type AdminFileView } from '@solvr/contracts';
import { Badge, Spinner } from '@solvr/web-ui';
import { useFilePurchasesQuery } from './purchases.api';

/**
 * A paid file's purchases in the admin Files tab: closed at first (a list of 10,000 files asks for none), then the
 * revenue per currency and each purchase's buyer, amount, status and date.
 */
export function FilePurchasesPanel({ file }: { file: Pick<AdminFileView, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const purchases = useFilePurchasesQuery(file.id, { skip: !open, refetchOnMountOrArgChange: true });
  const data = purchases.data;
  return (
    <details className="fa-purchases" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label={`${T.showPurchases}: ${file.name}`}>{data ? T.purchases(data.purchases.length) : T.showPurchases}</summary>
      {open && purchases.isFetching && !data && <Spinner size="sm" label={T.loadingPurchases} />}
      {open && purchases.isError && (
        <p role="alert" className="fa-purchases-error">
          {T.purchasesFailed}
        </p>
      )}
      {data && (
        <>
          <p className="fa-purchases-revenue">
            <strong>{T.revenue}:</strong> {formatRevenue(data.revenue)}
          </p>
          {data.purchases.length === 0 ? (
            <p className="fa-purchases-none">{T.noPurchases}</p>
          ) : (
            <table className="fa-purchases-table">
              <caption id={headingId} className="ui-sr-only">
                {T.purchases(data.purchases.length)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{T.buyer}</th>
                  <th scope="col">{T.amount}</th>
                  <th scope="col">{T.status}</th>
                  <th scope="col">{T.date}</th>
                </tr>
              </thead>
              <tbody>
                {data.purchases.map((p) => (
                  <tr key={p.id}>
                    <td>{p.buyer ? (p.buyer.full_name ? `${p.buyer.full_name} (${p.buyer.email})` : p.buyer.email) : T.deletedBuyer}</td>
                    <td>{formatPrice(p.amount_paid, p.currency)}</td>
                    <td>
                      <Badge variant={p.payment_status === 'paid' ? 'success' : 'outline'}>{T.statusLabel[p.payment_status]}</Badge>
                    </td>
                    <td>{formatListDate(p.created_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </details>
  );
}
