import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_USERS_TEXTS, type AdminUserView } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { UsersTab } from './users-tab';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

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
});
