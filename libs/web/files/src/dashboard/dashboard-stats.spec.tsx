import { screen, waitFor } from '@testing-library/react';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { summaryFixture } from '../library/test-fixtures';
import { DashboardStats } from './dashboard-stats';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

describe('DashboardStats', () => {
  it('shows the three tiles with the real figures', async () => {
    server = fakeApi({ 'GET /files/summary': { status: 200, body: summaryFixture({ available_files: 7, your_downloads: 125564, new_this_week: 2 }) } });
    renderWithStore(<DashboardStats />, { route: '/Dashboard', account: accountFixture() });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ui-stat')].map((s) => s.textContent)).toEqual(['Available Files7', 'Your Downloads125,564', 'New This Week2']),
    );
    expect(screen.queryByText('Most Popular')).toBeNull();
  });
});
