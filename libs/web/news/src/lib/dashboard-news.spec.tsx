import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, heldReply, renderWithStore } from '@solvr/web-accounts/testing';
import { newsFixture, newsListFixture } from '../testing/fixtures';
import { DASHBOARD_NEWS_COUNT, LatestUpdateCard, MoreNewsCard } from './dashboard-news';
import { useLatestNews } from './use-news';

/** The Dashboard's two news cards as the page wires them: one request for the 5 newest posts. */
function DashboardNews() {
  const { posts } = useLatestNews(DASHBOARD_NEWS_COUNT);
  return (
    <>
      <LatestUpdateCard posts={posts} />
      <MoreNewsCard posts={posts} />
    </>
  );
}

const launch = newsFixture({ id: 'n-1', slug: 'platform-launch', title: 'Platform Launch', excerpt: 'Out now.', is_featured: true, created_date: '2025-07-04T12:00:00.000Z' });
const design = newsFixture({ id: 'n-2', slug: 'system-design', title: 'System Design Coming Soon', created_date: '2025-07-11T12:00:00.000Z' });
const features = newsFixture({ id: 'n-3', slug: 'new-dashboard-features', title: 'New Dashboard Features', created_date: '2025-07-26T12:00:00.000Z' });
const live = newsFixture({
  id: 'n-4',
  slug: 'now-available',
  title: 'Now available for Windows',
  excerpt: '',
  content: '<p>The desktop app is <b>now available</b>.</p>',
  created_date: '2025-08-05T12:00:00.000Z',
});

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const card = (name: string) => within(screen.getByRole('heading', { level: 2, name }).closest('.ui-card') as HTMLElement);

describe('Dashboard news', () => {
  it('Latest Update is the newest post; More News the next three, Featured marked, each linking to its own address', async () => {
    const held = heldReply({ status: 200, body: newsListFixture([live, features, design, launch], 1, DASHBOARD_NEWS_COUNT) });
    server = fakeApi({ 'GET /news': held.route });
    const view = renderWithStore(<DashboardNews />, { route: '/Dashboard' });
    expect(card('Latest Update').queryByRole('heading', { level: 3 })).toBeNull();
    held.release();

    const latest = await waitFor(() => card('Latest Update').getByRole('link', { name: 'Now available for Windows' }));
    expect(latest.getAttribute('href')).toBe('/NewsPage?post=now-available');
    expect(card('Latest Update').getByText('Aug 5, 2025').getAttribute('datetime')).toBe(live.created_date);
    expect(card('Latest Update').getByText('The desktop app is now available.')).toBeTruthy();
    expect(server.calls.map((c) => c.path + c.search)).toEqual(['/news?page=1&limit=5']);

    const more = card('More News');
    expect(more.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['New Dashboard Features', 'System Design Coming Soon', 'Platform Launch']);
    expect(more.getAllByRole('listitem').map((li) => li.querySelector('time')?.textContent)).toEqual(['Jul 26, 2025', 'Jul 11, 2025', 'Jul 4, 2025']);
    expect(more.getByText('Featured').closest('li')?.textContent).toContain('Platform Launch');
    await view.user.click(more.getByRole('button', { name: 'View All News' }));
    expect(view.location()).toBe('/NewsPage');
  });

  it('with no published news: the empty state, and More News says there is nothing else', async () => {
    server = fakeApi({ 'GET /news': { status: 200, body: newsListFixture([], 1, DASHBOARD_NEWS_COUNT) } });
    renderWithStore(<DashboardNews />, { route: '/Dashboard' });
    expect(await screen.findByRole('heading', { level: 3, name: 'No news available' })).toBeTruthy();
    expect(card('More News').getByText('No other news yet.')).toBeTruthy();
  });
});
