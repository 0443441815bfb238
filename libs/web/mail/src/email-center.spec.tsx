import { screen, waitFor } from '@testing-library/react';
import { EMAIL_CENTER_TEXTS as T, type CampaignCreated, type CampaignPreview, type MailRecipientIds, type MailRecipientPage } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore, type FakeCall } from '@solvr/web-accounts/testing';
import { EmailCenter } from './email-center';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const users = ['ann', 'bob', 'cy', 'qa3-dan', 'qa3-eve'].map((name, i) => ({ id: `u-${i}`, email: `${name}@mail.example.com`, full_name: null, opted_out: false }));
const [ann, bob, cy, dan, eve] = users;
const created: CampaignCreated = {
  campaign: { id: 'c-1', subject: 'Version 1.0.21 is out', created_date: '2025-07-04T12:00:00.000Z', total: 3, skipped: 0, counts: { queued: 3, sending: 0, sent: 0, failed: 0 }, done: false },
  queued: 3,
  skipped: 0,
};

function setup() {
  server = fakeApi({
    // The api's search: e-mail or name containing q.
    'GET /admin/mail/recipients': (call: FakeCall) => {
      const q = new URLSearchParams(call.search).get('q') ?? '';
      const found = users.filter((u) => u.email.includes(q));
      return { status: 200, body: { users: found, total: found.length } satisfies MailRecipientPage };
    },
    'POST /admin/mail/preview': { status: 200, body: { from: 'Solvr <no-reply@localhost>', subject: '', html: '' } satisfies CampaignPreview },
    'GET /admin/mail/campaigns': { status: 200, body: [] },
    'POST /admin/mail/campaigns': { status: 201, body: created },
  });
  const view = renderWithStore(<EmailCenter />, { route: '/Admin?tab=Email', account: accountFixture({ role: 'admin' }) });
  const send = () => view.user.click(screen.getByRole('button', { name: T.send }));
  const sent = () => server?.calls.filter((c) => c.method === 'POST' && c.path === '/admin/mail/campaigns') ?? [];
  const search = async (q: string) => {
    const box = screen.getByRole('searchbox', { name: T.searchLabel });
    await view.user.clear(box);
    if (q) await view.user.type(box, q);
  };
  /** The e-mails whose box is ticked, as the screen shows them. */
  const ticked = () =>
    screen
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
  const write = async () => {
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.subject}`)), 'Version 1.0.21 is out');
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.message}`)), 'A new version is out.');
  };
  return { ...view, send, sent, search, ticked, write };
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
    expect(screen.getByText(T.selected(5))).toBeTruthy();
    await view.send();
    await waitFor(() => expect(view.sent()).toHaveLength(1));
    expect(view.sent()[0].body).toEqual({ subject: 'Version 1.0.21 is out', message: 'A new version is out.', userIds: users.map((u) => u.id) });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('Select all on a search ticks its matches only: cleared, the search shows them alone ticked, and only they are mailed', async () => {
    const view = setup();
    await screen.findByText(ann.email);
    await view.search('qa3');
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2));
    await view.user.click(screen.getByRole('button', { name: T.selectAll }));
    expect(screen.getByText(T.selected(2))).toBeTruthy();

    await view.search('');
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5));
    expect(view.ticked()).toEqual([dan.email, eve.email]);
    expect(screen.getByText(T.selected(2))).toBeTruthy();
    await view.write();
    await view.send();
    await waitFor(() => expect(view.sent()).toHaveLength(1));
    expect(view.sent()[0].body).toMatchObject({ userIds: [dan.id, eve.id] });
    expect(view.sent()[0].body).not.toHaveProperty('all');
  });

  it('the reverse: everyone ticked, a search and one unticked; cleared, the screen and the mail agree on who is left', async () => {
    const view = setup();
    await screen.findByText(ann.email);
    await view.user.click(screen.getByRole('button', { name: T.selectAll }));
    await view.search('bob');
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(1));
    expect(view.ticked()).toEqual([bob.email]);
    await view.user.click(screen.getByRole('checkbox', { name: bob.email }));
    expect(screen.getByText(T.selected(4))).toBeTruthy();

    await view.search('');
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(5));
    expect(view.ticked()).toEqual([ann.email, cy.email, dan.email, eve.email]);
    await view.write();
    await view.send();
    await waitFor(() => expect(view.sent()).toHaveLength(1));
    expect(view.sent()[0].body).toMatchObject({ userIds: [ann.id, cy.id, dan.id, eve.id] });

    // Sent: the picks start again from none.
    await waitFor(() => expect(screen.getByText(T.selected(0))).toBeTruthy());
    expect(view.ticked()).toEqual([]);
  });

  it('says when the search matches more users than are listed', async () => {
    server = fakeApi({
      'GET /admin/mail/recipients': { status: 200, body: { users, total: 540 } satisfies MailRecipientPage },
      'POST /admin/mail/preview': { status: 200, body: { from: '', subject: '', html: '' } satisfies CampaignPreview },
      'GET /admin/mail/campaigns': { status: 200, body: [] },
    });
    renderWithStore(<EmailCenter />, { account: accountFixture({ role: 'admin' }) });
    expect(await screen.findByText(T.moreMatches(5, 540))).toBeTruthy();
  });

  it("'Select all N matches' picks every match, listed or not, and exactly those are mailed", async () => {
    const everyMatch = Array.from({ length: 540 }, (_, i) => `m-${i}`);
    server = fakeApi({
      'GET /admin/mail/recipients': { status: 200, body: { users: users.map((u, i) => ({ ...u, id: everyMatch[i] })), total: 540 } satisfies MailRecipientPage },
      'GET /admin/mail/recipients/ids': { status: 200, body: { ids: everyMatch } satisfies MailRecipientIds },
      'POST /admin/mail/preview': { status: 200, body: { from: '', subject: '', html: '' } satisfies CampaignPreview },
      'GET /admin/mail/campaigns': { status: 200, body: [] },
      'POST /admin/mail/campaigns': { status: 201, body: created },
    });
    const view = renderWithStore(<EmailCenter />, { account: accountFixture({ role: 'admin' }) });
    await view.user.click(await screen.findByRole('button', { name: T.selectEveryMatch(540) }));
    await waitFor(() => expect(screen.getByText(T.selected(540))).toBeTruthy());
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.subject}`)), 'Hello');
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.message}`)), 'Hi all.');
    await view.user.click(screen.getByRole('button', { name: T.send }));
    await waitFor(() => expect(server?.calls.filter((c) => c.method === 'POST' && c.path === '/admin/mail/campaigns')).toHaveLength(1));
    expect(server?.calls.find((c) => c.method === 'POST' && c.path === '/admin/mail/campaigns')?.body).toEqual({ subject: 'Hello', message: 'Hi all.', userIds: everyMatch });
  });

  it('a subject or message typed and not sent makes closing the page ask first', async () => {
    const view = setup();
    await screen.findByText(ann.email);
    const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(asks()).toBe(false);
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.subject}`)), 'Draft');
    expect(asks()).toBe(true);
  });
});
