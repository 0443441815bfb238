import { fireEvent, screen, within } from '@testing-library/react';
import { PAYMENT_TEXTS as T, type FilePurchases } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { FilePurchasesPanel } from './file-purchases';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const purchases: FilePurchases = {
  file_id: 'f-2',
  purchases: [
    { id: 'p-2', file_id: 'f-2', buyer: { id: 'u-2', email: 'jane@example.com', full_name: 'Jane Doe' }, amount_paid: 1999, currency: 'EUR', payment_status: 'paid', created_date: '2025-09-03T12:00:00.000Z' },
    { id: 'p-1', file_id: 'f-2', buyer: null, amount_paid: 1999, currency: 'EUR', payment_status: 'refunded', created_date: '2025-09-02T12:00:00.000Z' },
  ],
  revenue: [{ currency: 'EUR', amount: 1999 }],
};

describe('FilePurchasesPanel', () => {
  it('asks for nothing while closed, then lists buyer, amount, status and date with the revenue', async () => {
    server = fakeApi({ 'GET /admin/payments/files/f-2': { status: 200, body: purchases } });
    renderWithStore(<FilePurchasesPanel file={{ id: 'f-2', name: 'Interview Guide' }} />, { account: accountFixture({ role: 'admin' }) });
    const details = document.querySelector('details')!;
    expect(screen.getByText(T.showPurchases)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const table = await screen.findByRole('table', { name: T.purchases(2) });
    const rows = within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      [T.buyer, T.amount, T.status, T.date],
      ['Jane Doe (jane@example.com)', '€19.99', 'Paid', 'Sep 3, 2025'],
      [T.deletedBuyer, '€19.99', 'Refunded', 'Sep 2, 2025'],
    ]);
    expect(screen.getByText(T.purchases(2), { selector: 'summary' })).toBeTruthy();
    expect(screen.getByText(`${T.revenue}:`).parentElement?.textContent).toBe(`${T.revenue}: €19.99`);
  });

  it('says when a paid file has no purchases yet', async () => {
    server = fakeApi({ 'GET /admin/payments/files/f-9': { status: 200, body: { file_id: 'f-9', purchases: [], revenue: [] } } });
    renderWithStore(<FilePurchasesPanel file={{ id: 'f-9', name: 'Empty' }} />, { account: accountFixture({ role: 'admin' }) });
    const details = document.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText(T.noPurchases)).toBeTruthy();
    expect(screen.getByText(`${T.revenue}:`).parentElement?.textContent).toBe(`${T.revenue}: —`);
  });
});
