import { screen, waitFor } from '@testing-library/react';
import { UNSUBSCRIBE_TEXTS as T } from '@solvr/contracts';
import { fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { UnsubscribePanel } from './unsubscribe-panel';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('UnsubscribePanel', () => {
  it("opening the mail's link unsubscribes once (a POST) and says so; Subscribe again is the way back", async () => {
    server = fakeApi({
      'POST /mail/unsubscribe': { status: 201, body: { email: 'ada@example.com', subscribed: false } },
      'POST /mail/subscribe': { status: 201, body: { email: 'ada@example.com', subscribed: true } },
    });
    const view = renderWithStore(<UnsubscribePanel token="the-token" />, { route: '/Unsubscribe?token=the-token' });
    expect(await screen.findByRole('heading', { level: 1, name: T.unsubscribed })).toBeTruthy();
    expect(screen.getByText(T.unsubscribedText('ada@example.com'))).toBeTruthy();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /mail/unsubscribe']);
    await view.user.click(screen.getByRole('button', { name: T.resubscribe }));
    expect(await screen.findByRole('heading', { level: 1, name: T.subscribed })).toBeTruthy();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /mail/unsubscribe', 'POST /mail/subscribe']);
  });

  it('a bad or missing token says the link is not valid', async () => {
    server = fakeApi({ 'POST /mail/unsubscribe': { status: 400, body: { message: 'bad' } } });
    renderWithStore(<UnsubscribePanel token="bad" />, { route: '/Unsubscribe?token=bad' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(T.invalid));
  });
});
