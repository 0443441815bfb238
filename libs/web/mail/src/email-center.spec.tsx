import { screen, waitFor } from '@testing-library/react';
import {
  EMAIL_CENTER_TEXTS as T,
  type CampaignCreated,
  type CampaignPreview,
  MAIL_SEGMENT_LABELS,
  MAIL_SEGMENT_TEXTS,
  type MailAudienceCount,
  type MailAudienceRequest,
  type MailRecipientIds,
  type MailRecipientPage,
  type MailSegmentChoice,
  type SavedUserSearchRequest,
} from '@solvr/contracts';
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

const segments: MailSegmentChoice[] = [
  { kind: 'confirmed', label: MAIL_SEGMENT_LABELS.confirmed, options: null },
  { kind: 'admins', label: MAIL_SEGMENT_LABELS.admins, options: null },
  { kind: 'buyers', label: MAIL_SEGMENT_LABELS.buyers, options: [{ value: 'f-1', label: 'Seg Kit' }] },
  { kind: 'waiting', label: MAIL_SEGMENT_LABELS.waiting, options: [{ value: 'windows', label: 'Windows' }, { value: 'linux', label: 'Linux' }] },
  { kind: 'saved', label: MAIL_SEGMENT_LABELS.saved, options: [{ value: 's-1', label: 'Team A ("a.seg")' }, { value: 's-0', label: 'Team B ("b.seg")' }] },
];

function setup(extra: Parameters<typeof fakeApi>[0] = {}) {
  server = fakeApi({
    // The api's search: e-mail or name containing q.
    'GET /admin/mail/recipients': (call: FakeCall) => {
      const q = new URLSearchParams(call.search).get('q') ?? '';
      const found = users.filter((u) => u.email.includes(q));
      return { status: 200, body: { users: found, total: found.length } satisfies MailRecipientPage };
    },
    'POST /admin/mail/preview': { status: 200, body: { from: 'Solvr <no-reply@localhost>', subject: '', html: '', text: '' } satisfies CampaignPreview },
    'GET /admin/mail/campaigns': { status: 200, body: [] },
    'POST /admin/mail/campaigns': { status: 201, body: created },
    'GET /admin/mail/segments': { status: 200, body: segments },
    // The api's count: the buyers of the kit reach 2, leaving out 1 opted out, 1 unconfirmed and 1 gone; the rest 7.
    'POST /admin/mail/audience': (call: FakeCall) => ({
      status: 200,
      body: ((call.body as MailAudienceRequest).segment?.kind === 'buyers'
        ? { recipients: 2, excluded: { opted_out: 1, unconfirmed: 1, not_found: 1 } }
        : { recipients: 7, excluded: { opted_out: 0, unconfirmed: 0, not_found: 0 } }) satisfies MailAudienceCount,
    }),
    'POST /admin/mail/campaigns/test': { status: 200, body: { to: 'admin@example.com' } },
    'DELETE /admin/saved-searches/s-1': { status: 204 },
    'POST /admin/saved-searches': (call: FakeCall) => ({ status: 201, body: { id: 's-2', ...(call.body as SavedUserSearchRequest), created_date: '2025-07-04T12:00:00.000Z' } }),
    ...extra,
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
  const calls = (method: string, path: string) => server?.calls.filter((c) => c.method === method && c.path === path) ?? [];
  return { ...view, send, sent, search, ticked, write, calls };
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
      'POST /admin/mail/preview': { status: 200, body: { from: '', subject: '', html: '', text: '' } satisfies CampaignPreview },
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
      'POST /admin/mail/preview': { status: 200, body: { from: '', subject: '', html: '', text: '' } satisfies CampaignPreview },
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
  it('a segment: its option chosen, the count says who will receive it and who is excluded and why, and the segment is what is sent', async () => {
    const view = setup();
    await view.user.click(await screen.findByRole('radio', { name: MAIL_SEGMENT_LABELS.waiting }));
    // No platform chosen yet: nothing to count, and sending says what is missing.
    await view.write();
    await view.send();
    expect(screen.getByRole('alert').textContent).toBe(MAIL_SEGMENT_TEXTS.optionMissing('waiting'));
    expect(view.calls('POST', '/admin/mail/audience')).toHaveLength(0);
    await view.user.selectOptions(screen.getByLabelText(/^Platform/), 'linux');
    expect(await screen.findByText(T.willReceive(7))).toBeTruthy();
    expect(view.calls('POST', '/admin/mail/audience').at(-1)?.body).toEqual({ segment: { kind: 'waiting', option: 'linux' } });
    // The one paid file is chosen with its segment.
    await view.user.click(screen.getByRole('radio', { name: MAIL_SEGMENT_LABELS.buyers }));
    expect((screen.getByLabelText(/^File/) as HTMLSelectElement).value).toBe('f-1');
    const status = await screen.findByText(T.willReceive(2));
    expect(status.closest('[role="status"]')?.textContent).toBe(
      `${T.willReceive(2)} · ${T.excluded(3)} ${[T.excludedOptedOut(1), T.excludedUnconfirmed(1), T.excludedNotFound(1)].join(', ')}`,
    );
    expect(view.calls('POST', '/admin/mail/audience').at(-1)?.body).toEqual({ segment: { kind: 'buyers', option: 'f-1' } });
    await view.send();
    await waitFor(() => expect(view.sent()).toHaveLength(1));
    expect(view.sent()[0].body).toEqual({ subject: 'Version 1.0.21 is out', message: 'A new version is out.', segment: { kind: 'buyers', option: 'f-1' } });

    // A segment without options is counted at once; back to picking, the ticks count.
    await view.user.click(screen.getByRole('radio', { name: MAIL_SEGMENT_LABELS.confirmed }));
    expect(await screen.findByText(T.willReceive(7))).toBeTruthy();
    await view.user.click(screen.getByRole('radio', { name: T.pickedUsers }));
    expect(await screen.findByText(T.willReceive(0))).toBeTruthy();
  });

  it('the preview shows the mail as sent before anything is typed, and asks again from the first keystroke', async () => {
    const view = setup({
      'POST /admin/mail/preview': (call: FakeCall) => {
        const { subject, message } = call.body as { subject: string; message: string };
        return { status: 200, body: { from: 'Solvr Team', subject: subject || T.previewNoSubject, html: `<p>${message}</p>`, text: message } satisfies CampaignPreview };
      },
    });
    const preview = await screen.findByRole('region', { name: T.preview });
    await waitFor(() => expect(preview.textContent).toContain('Solvr Team'));
    expect(view.calls('POST', '/admin/mail/preview')[0].body).toEqual({ subject: '', message: '' });
    await view.user.type(screen.getByLabelText(new RegExp(`^${T.subject}`)), 'N');
    await waitFor(() => expect(view.calls('POST', '/admin/mail/preview').some((c) => (c.body as { subject: string }).subject === 'N')).toBe(true));
    await waitFor(() => expect(preview.querySelector('dd:nth-of-type(2)')?.textContent).toBe('N'));
  });

  it('"Send a test to me" needs a subject and message, then sends the composed mail to the admin only', async () => {
    const view = setup();
    await screen.findByText(ann.email);
    await view.user.click(screen.getByRole('button', { name: T.sendTest }));
    expect(screen.getByRole('alert').textContent).toBe(T.required);
    expect(view.calls('POST', '/admin/mail/campaigns/test')).toHaveLength(0);
    await view.write();
    await view.user.click(screen.getByRole('button', { name: T.sendTest }));
    await waitFor(() => expect(view.calls('POST', '/admin/mail/campaigns/test')).toHaveLength(1));
    expect(view.calls('POST', '/admin/mail/campaigns/test')[0].body).toEqual({ subject: 'Version 1.0.21 is out', message: 'A new version is out.' });
    expect(view.sent()).toHaveLength(0);
  });

  it('a search can be saved under a name, and the segments are asked again so it can be picked', async () => {
    const view = setup();
    await screen.findByText(ann.email);
    expect(screen.queryByRole('button', { name: T.saveSearch })).toBeNull();
    await view.search('qa3');
    await view.user.click(screen.getByRole('button', { name: T.saveSearch }));
    await view.user.type(screen.getByRole('textbox', { name: T.saveSearchName }), 'QA team{Enter}');
    await waitFor(() => expect(view.calls('POST', '/admin/saved-searches')).toHaveLength(1));
    expect(view.calls('POST', '/admin/saved-searches')[0].body).toEqual({ name: 'QA team', q: 'qa3' });
    await waitFor(() => expect(view.calls('GET', '/admin/mail/segments')).toHaveLength(2));
    // Enter saved the name; it did not send the campaign.
    expect(view.sent()).toHaveLength(0);
  });
  it('a saved search chosen as the segment can be deleted; the choice is then cleared', async () => {
    const view = setup();
    await view.user.click(await screen.findByRole('radio', { name: MAIL_SEGMENT_LABELS.saved }));
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    await view.user.selectOptions(screen.getByLabelText(/^Saved search/), 's-1');
    await view.user.click(screen.getByRole('button', { name: T.savedSearchRemove('Team A ("a.seg")') }));
    await waitFor(() => expect(view.calls('DELETE', '/admin/saved-searches/s-1')).toHaveLength(1));
    await waitFor(() => expect((screen.getByLabelText(/^Saved search/) as HTMLSelectElement).value).toBe(''));
    await waitFor(() => expect(view.calls('GET', '/admin/mail/segments')).toHaveLength(2));
  });
});
