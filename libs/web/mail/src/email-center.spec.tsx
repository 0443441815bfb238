import { screen, waitFor } from '@testing-library/react';
import { EMAIL_CENTER_TEXTS as T, type CampaignCreated, type CampaignPreview, type MailRecipientPage } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { EmailCenter } from './email-center';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const users = ['ann', 'bob', 'cy'].map((name, i) => ({ id: `u-${i}`, email: `${name}@mail.example.com`, full_name: null, opted_out: false }));
const created: CampaignCreated = {
  campaign: { id: 'c-1', subject: 'Version 1.0.21 is out', created_date: '2025-07-04T12:00:00.000Z', total: 3, skipped: 0, counts: { queued: 3, sending: 0, sent: 0, failed: 0 }, done: false },
  queued: 3,
  skipped: 0,
};

function setup() {
  server = fakeApi({
    'GET /admin/mail/recipients': { status: 200, body: { users, total: users.length } satisfies MailRecipientPage },
    'POST /admin/mail/preview': { status: 200, body: { from: 'Solvr <no-reply@localhost>', subject: '', html: '' } satisfies CampaignPreview },
    'GET /admin/mail/campaigns': { status: 200, body: [] },
    'POST /admin/mail/campaigns': { status: 201, body: created },
  });
  const view = renderWithStore(<EmailCenter />, { route: '/Admin?tab=Email', account: accountFixture({ role: 'admin' }) });
  const send = () => view.user.click(screen.getByRole('button', { name: T.send }));
  const sent = () => server?.calls.filter((c) => c.method === 'POST' && c.path === '/admin/mail/campaigns') ?? [];
  return { ...view, send, sent };
}

describe('EmailCenter (the admin console’s Email tab)', () => {
  it("checks subject and message, then the recipients, with the spec's messages, before sending anything", async () => {
    const view = setup();
    await screen.findByText(users[0].email);
    await view.send();
    expect(screen.getByRole('alert').textContent).toBe(T.required);
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.subject}`)), 'Version 1.0.21 is out');
    await view.send();
    expect(screen.getByRole('alert').textContent).toBe(T.required);
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.message}`)), 'A new version is out.');
    await view.send();
    expect(screen.getByRole('alert').textContent).toBe(T.noRecipients);
    expect(view.sent()).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: T.selectAll }));
    expect(screen.getByText(T.selected(3, 3))).toBeTruthy();
    await view.send();
    await waitFor(() => expect(view.sent()).toHaveLength(1));
    expect(view.sent()[0].body).toEqual({ subject: 'Version 1.0.21 is out', message: 'A new version is out.', all: { q: '' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
