import { screen } from '@testing-library/react';
import { accountFixture, fakeApi, renderWithStore } from '../testing';
import { UsersSummaryStats } from './users-summary';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('UsersSummaryStats (admin entry)', () => {
  it('shows Total Users and Admins from GET /api/admin/summary', async () => {
    server = fakeApi({ 'GET /admin/summary': { status: 200, body: { total_users: 12, admins: 2 } } });
    renderWithStore(<UsersSummaryStats />, { account: accountFixture({ role: 'admin' }) });
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('Total Users')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('Admins')).toBeTruthy();
  });
});
