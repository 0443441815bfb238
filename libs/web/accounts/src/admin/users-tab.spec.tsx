import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_USERS_TEXTS, type AdminUserDetail, type AdminUserView } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { UsersTab } from './users-tab';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** A phone-sized viewport (the browser's media query, which jsdom lacks): the tab shows cards. */
function narrowScreen() {
  const list = Object.assign(new EventTarget(), { matches: true, media: '(max-width: 640px)' });
  window.matchMedia = (() => list) as unknown as typeof window.matchMedia;
}

const HOUR = 3600_000;
const user = (over: Partial<AdminUserView>): AdminUserView => ({
  id: over.email ?? 'id',
  email: 'someone@example.test',
  full_name: null,
  role: 'user',
  company: null,
  job_title: null,
  phone: null,
  email_verified: true,
  download_count: 0,
  created_date: '2025-08-05T10:00:00.000Z',
  last_login: null,
  ...over,
});

describe('UsersTab', () => {
  it('shows the counts and each card with its fields, status and role button, and pages on the server', async () => {
    narrowScreen();
    const first = [
      user({ email: 'new@example.test' }),
      user({ email: 'active@example.test', full_name: 'Ada Active', role: 'admin', company: 'Acme', job_title: 'CTO', download_count: 3, last_login: new Date(Date.now() - 719 * HOUR).toISOString() }),
    ];
    server = fakeApi({
      'GET /admin/summary': { status: 200, body: { total_users: 3, admins: 1, total_downloads: 1234 } },
      'GET /admin/users': (call) =>
        new URLSearchParams(call.search).get('after')
          ? { status: 200, body: { users: [user({ email: 'old@example.test', last_login: new Date(Date.now() - 721 * HOUR).toISOString() })], total: 3, next: null } }
          : { status: 200, body: { users: first, total: 3, next: 'cursor-1' } },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ role: 'admin' }) });
    expect(await screen.findByText('User Management')).toBeTruthy();
    expect(await screen.findByText('1,234')).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('No Name')).toBeTruthy();
    expect(within(cards[0]).getByText('New')).toBeTruthy();
    expect(within(cards[0]).getByText('Never')).toBeTruthy();
    expect(within(cards[0]).getByText('User')).toBeTruthy();
    expect(within(cards[0]).getByText('Aug 5, 2025')).toBeTruthy();
    expect(within(cards[1]).getByText('Ada Active')).toBeTruthy();
    expect(within(cards[1]).getByText('Admin')).toBeTruthy();
    expect(within(cards[1]).getByText('Active')).toBeTruthy();
    expect(within(cards[1]).getByRole('button', { name: 'Remove admin role from Ada Active' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(within(screen.getAllByRole('article')[2]).getByText('Inactive')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(server.calls.filter((c) => c.path === '/admin/users').map((c) => new URLSearchParams(c.search).get('after'))).toEqual([null, 'cursor-1']);
  });

  it('marks the accounts that never confirmed their e-mail', async () => {
    narrowScreen();
    server = fakeApi({
      'GET /admin/summary': { status: 200, body: { total_users: 2, admins: 0, total_downloads: 0 } },
      'GET /admin/users': { status: 200, body: { users: [user({ email: 'late@example.test', email_verified: false }), user({ email: 'ok@example.test' })], total: 2, next: null } },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ role: 'admin' }) });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]).getByText(ADMIN_USERS_TEXTS.unconfirmed)).toBeTruthy();
    expect(within(cards[1]).queryByText(ADMIN_USERS_TEXTS.unconfirmed)).toBeNull();
  });

  it('searches on the server and shows both empty states', async () => {
    server = fakeApi({
      'GET /admin/summary': { status: 200, body: { total_users: 0, admins: 0, total_downloads: 0 } },
      'GET /admin/users': { status: 200, body: { users: [], total: 0, next: null } },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ role: 'admin' }) });
    expect(await screen.findByText('No users have registered yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users by name, e-mail or company' }), { target: { value: 'Acme' } });
    expect(await screen.findByText('Try adjusting your search terms')).toBeTruthy();
    expect(screen.getByText('No users found')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/admin/users' && new URLSearchParams(c.search).get('q') === 'Acme')).toBe(true);
  });

  const summary = { status: 200, body: { total_users: 2, admins: 1, total_downloads: 3 } };
  const ada = user({ id: 'ada', email: 'ada@example.test', full_name: 'Ada Active', role: 'admin', company: 'Acme', download_count: 3, last_login: new Date(Date.now() - HOUR).toISOString() });
  const bob = user({ id: 'bob', email: 'bob@example.test', full_name: 'Bob Builder' });
  const listCalls = () => server?.calls.filter((c) => c.path === '/admin/users').map((c) => Object.fromEntries(new URLSearchParams(c.search))) ?? [];

  it('shows a table at desktop widths whose headers sort on the server, by mouse and keyboard', async () => {
    server = fakeApi({
      'GET /admin/summary': summary,
      'GET /admin/users': (call) => {
        const params = new URLSearchParams(call.search);
        const users = params.get('sort') === 'name' && params.get('dir') === 'desc' ? [bob, ada] : [ada, bob];
        return { status: 200, body: { users, total: 2, next: null } };
      },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ id: 'ada', role: 'admin' }) });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    const headers = within(table).getAllByRole('columnheader').map((h) => [h.textContent?.replace(/[▲▼↕]/g, ''), h.getAttribute('aria-sort')]);
    expect(headers).toEqual([
      ['Name', 'none'],
      ['E-mail', 'none'],
      ['Company', 'none'],
      ['Role', 'none'],
      ['Downloads', 'none'],
      ['Joined', 'descending'],
      ['Last Login', 'none'],
      ['Status', 'none'],
      ['Actions', null],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Ada Active')).toBeTruthy();
    expect(within(rows[0]).getByText('Admin')).toBeTruthy();
    expect(within(rows[0]).getByText('Active')).toBeTruthy();
    // No role button on one's own row; the others have theirs.
    expect(within(rows[0]).queryByRole('button', { name: /admin/i })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Make Bob Builder an admin' })).toBeTruthy();
    expect(listCalls()[0]).toMatchObject({ sort: 'joined', dir: 'desc' });

    await userEvent.click(within(table).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending'));
    expect(listCalls().at(-1)).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(within(table).getByRole('columnheader', { name: /^Joined/ }).getAttribute('aria-sort')).toBe('none');

    // Keyboard: the focused header button flips the direction with Enter.
    within(table).getByRole('button', { name: /^Name/ }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending'));
    expect(listCalls().at(-1)).toMatchObject({ sort: 'name', dir: 'desc' });
    await waitFor(() => expect(within(within(table).getAllByRole('row')[1]).getByText('Bob Builder')).toBeTruthy());
    // Numbers and dates start largest first.
    await userEvent.click(within(table).getByRole('button', { name: /^Downloads/ }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sort: 'downloads', dir: 'desc' }));
  });

  it('opens a side panel for a row with Enter, with each part loading on its own, and Escape gives the focus back to the row', async () => {
    const detail: AdminUserDetail = { ...bob, street_address_1: '1 Main St', street_address_2: null, city: 'Vancouver', state_province: 'BC', postal_code: 'V5K 0A1', country: 'Canada', profile_completed: true, bulk_mail_opt_out: false };
    let releaseAudit: () => void = () => undefined;
    const auditHeld = new Promise<void>((resolve) => (releaseAudit = resolve));
    server = fakeApi({
      'GET /admin/summary': summary,
      'GET /admin/users': { status: 200, body: { users: [ada, bob], total: 2, next: null } },
      'GET /admin/users/bob': { status: 200, body: detail },
      'GET /admin/users/bob/downloads': { status: 200, body: { downloads: [{ id: 'd1', file_id: 'f1', file_name: 'Solvr Setup', file_version: '2.1.0', created_date: '2025-08-06T10:00:00.000Z' }], total: 1 } },
      'GET /admin/users/bob/purchases': { status: 200, body: { purchases: [], revenue: [] } },
      'GET /admin/audit': async (call) => {
        await auditHeld;
        expect(new URLSearchParams(call.search).get('user')).toBe('bob');
        return {
          status: 200,
          body: {
            entries: [{ id: 'a1', action: 'user.role', actor_id: 'ada', actor_email: 'ada@example.test', target_type: 'user', target_id: 'bob', target_label: 'bob@example.test', detail: 'role: user', ip: null, created_date: '2025-08-07T10:00:00.000Z' }],
            next: null,
          },
        };
      },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ id: 'ada', role: 'admin' }) });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getAllByRole('row')[2];
    row.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Bob Builder' });
    // The audit part is still loading while the others have answered.
    const audit = within(panel).getByRole('region', { name: 'Audit entries' });
    expect(within(audit).getByText('Loading…')).toBeTruthy();
    expect(await within(panel).findByText('1 Main St, Vancouver, BC, V5K 0A1, Canada')).toBeTruthy();
    expect(await within(panel).findByText('Solvr Setup 2.1.0')).toBeTruthy();
    expect(await within(panel).findByText('No purchases yet')).toBeTruthy();
    releaseAudit();
    expect(await within(audit).findByText('user.role')).toBeTruthy();
    expect(within(audit).getByText(/by ada@example.test/)).toBeTruthy();
    expect(panel.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(row);
    // A click opens it too.
    await userEvent.click(within(row).getByText('bob@example.test'));
    expect(await screen.findByRole('dialog', { name: 'Bob Builder' })).toBeTruthy();
  });

  it('shows a card with a Details button on narrow screens, which opens the same panel', async () => {
    narrowScreen();
    server = fakeApi({
      'GET /admin/summary': summary,
      'GET /admin/users': { status: 200, body: { users: [bob], total: 1, next: null } },
      'GET /admin/users/bob': { status: 404, body: { message: ADMIN_USERS_TEXTS.userNotFound } },
      'GET /admin/users/bob/downloads': { status: 200, body: { downloads: [], total: 0 } },
      'GET /admin/users/bob/purchases': { status: 200, body: { purchases: [], revenue: [] } },
      'GET /admin/audit': { status: 200, body: { entries: [], next: null } },
    });
    renderWithStore(<UsersTab />, { account: accountFixture({ id: 'ada', role: 'admin' }) });
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    const details = screen.getByRole('button', { name: 'Open the details of Bob Builder' });
    await userEvent.click(details);
    const panel = await screen.findByRole('dialog', { name: 'Bob Builder' });
    expect(await within(panel).findByText('No downloads yet')).toBeTruthy();
    expect(await within(panel).findByText('No audit entries by or about this user')).toBeTruthy();
    expect(await within(panel).findByText(ADMIN_USERS_TEXTS.panelFailed)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(details);
  });
});
