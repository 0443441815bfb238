import { screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_TEXTS as T, type CheckoutStatus } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { fileFixture } from '../library/test-fixtures';
import { browserNavigation } from '../library/use-download';
import { PaymentCancelledView, PaymentSuccessView } from './payment-pages';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

const SESSION = 'cs_test_a1b2c3d4e5';
const answer = (status: CheckoutStatus['status']): FakeReply => ({ status: 200, body: { session_id: SESSION, status, file_id: 'f-3' } satisfies CheckoutStatus });
const bought = fileFixture({ id: 'f-3', name: 'Advanced Pack', is_paid: true, price: 1999, availability: 'download' });

function success(reply: () => FakeReply, route = `/PaymentSuccess?session_id=${SESSION}`) {
  server = fakeApi({
    [`GET /payments/sessions/${SESSION}`]: reply,
    'GET /files/f-3': { status: 200, body: bought },
    'POST /files/f-3/download': { status: 200, body: { url: '/api/download?t=1', expires_at: '2030-01-01T00:00:00.000Z' } },
  });
  return renderWithStore(<PaymentSuccessView />, { route, account: accountFixture() });
}

describe('PaymentSuccessView', () => {
  it('waits with a spinner and a sentence until the api says paid, then offers the download', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    let reply = answer('pending');
    const view = success(() => reply);
    expect(await screen.findByRole('heading', { level: 1, name: T.confirmingTitle })).toBeTruthy();
    expect(screen.getByText(T.confirmingBody)).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"] .ui-spinner')).toBeTruthy();
    // The address alone never shows paid.
    expect(screen.queryByText(T.successTitle)).toBeNull();
    reply = answer('paid');
    expect(await screen.findByRole('heading', { level: 1, name: T.successTitle }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(T.successBody('Advanced Pack'))).toBeTruthy();
    const polls = server!.calls.filter((c) => c.path === `/payments/sessions/${SESSION}`).length;
    expect(polls).toBeGreaterThanOrEqual(2);

    await view.user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/download?t=1'));
    // Once settled it stops asking.
    await new Promise((r) => setTimeout(r, 2500));
    expect(server!.calls.filter((c) => c.path === `/payments/sessions/${SESSION}`).length).toBe(polls);
  }, 15_000);

  it('says so when the payment was refunded or the checkout expired', async () => {
    const refunded = success(() => answer('refunded'));
    expect(await screen.findByRole('heading', { level: 1, name: T.refundedTitle })).toBeTruthy();
    refunded.unmount();
    server?.restore();
    success(() => answer('expired'));
    expect(await screen.findByRole('heading', { level: 1, name: T.expiredTitle })).toBeTruthy();
  });

  it('without a valid session reference, or for one the api does not know, says the payment was not found, never paid', async () => {
    const bare = success(() => answer('paid'), '/PaymentSuccess?session_id=../../admin');
    expect(await screen.findByRole('heading', { level: 1, name: T.missingTitle })).toBeTruthy();
    expect(server!.calls).toHaveLength(0);
    bare.unmount();
    server?.restore();
    const view = success(() => ({ status: 404, body: { message: T.sessionNotFound } }));
    expect(await screen.findByText(T.sessionNotFound)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.missingTitle);
    expect(screen.queryByText(T.successTitle)).toBeNull();
    await view.user.click(screen.getByRole('button', { name: T.backToDownloads }));
    expect(view.location()).toBe('/Downloads');
  });

  it('keeps asking through a failed answer, telling the user it retries', async () => {
    let reply: FakeReply = { status: 503, body: { message: T.providerDown } };
    success(() => reply);
    expect(await screen.findByText(T.statusFailed)).toBeTruthy();
    reply = answer('paid');
    expect(await screen.findByRole('heading', { level: 1, name: T.successTitle }, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});

describe('PaymentCancelledView', () => {
  it('says the payment was cancelled and leads back to Downloads', async () => {
    const view = renderWithStore(<PaymentCancelledView />, { route: '/PaymentCancelled', account: accountFixture() });
    const panel = screen.getByRole('heading', { level: 1, name: T.cancelledTitle }).parentElement!;
    expect(within(panel).getByText(T.cancelledBody)).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: T.backToDownloads }));
    expect(view.location()).toBe('/Downloads');
  });
});
