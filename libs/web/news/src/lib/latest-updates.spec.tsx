import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BRAND, LIMITS } from '@solvr/contracts';
import { useBrand } from '@solvr/web-data';
import { fakeApi, heldReply, renderWithStore } from '@solvr/web-accounts/testing';
import { newsFixture, newsListFixture } from '../testing/fixtures';
import { LatestUpdates } from './latest-updates';
import { useLatestNews } from './use-news';

/** The Landing's Latest Updates as the page wires it: the hook fetches, the component renders. */
function LandingNews() {
  const brand = useBrand();
  const latest = useLatestNews(LIMITS.landingNewsCount);
  return <LatestUpdates posts={latest.posts} loading={latest.loading} teamName={brand.team} />;
}

const launch = newsFixture({ id: 'n-1', slug: 'platform-launch', title: 'Platform Launch', is_featured: true, created_date: '2025-07-04T12:00:00.000Z' });
const design = newsFixture({
  id: 'n-2',
  slug: 'system-design-coming-soon',
  title: 'System Design Coming Soon',
  excerpt: '',
  content: `<h2>Soon</h2><p>${'word '.repeat(50)}</p>`,
  author: '',
  created_date: '2025-07-11T12:00:00.000Z',
});
const dashboard = newsFixture({ id: 'n-3', slug: 'new-dashboard-features', title: 'New Dashboard Features', excerpt: 'A better dashboard.', author: 'Ana', created_date: '2025-07-26T12:00:00.000Z' });

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

describe('Latest Updates (Landing)', () => {
  it('asks for the 3 newest published posts, shows 3 placeholder cards meanwhile, then each post', async () => {
    const held = heldReply({ status: 200, body: newsListFixture([dashboard, design, launch], 1, 3) });
    server = fakeApi({ 'GET /news': held.route });
    renderWithStore(<LandingNews />);
    await waitFor(() => expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3));
    expect(screen.getByRole('status').textContent).toBe('Loading news…');
    held.release();

    const cards = await screen.findAllByRole('article');
    expect(screen.queryByTestId('skeleton-card')).toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.path}${c.search}`)).toEqual(['GET /news?page=1&limit=3']);
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'New Dashboard Features',
      'System Design Coming Soon',
      'Platform Launch',
    ]);

    // Date 'MMM d, yyyy', the Featured badge only when featured, the excerpt, the author.
    const [first, second, third] = cards;
    expect(within(first).getByText('Jul 26, 2025').tagName).toBe('TIME');
    expect(within(first).getByText('Jul 26, 2025').getAttribute('datetime')).toBe('2025-07-26T12:00:00.000Z');
    expect(within(first).queryByText('Featured')).toBeNull();
    expect(within(first).getByText('A better dashboard.')).toBeTruthy();
    expect(within(first).getByText('By Ana')).toBeTruthy();
    expect(within(third).getByText('Jul 4, 2025')).toBeTruthy();
    expect(within(third).getByText('Featured')).toBeTruthy();

    // No excerpt: the content without markup, cut to 150 characters plus '...'; no author: the team name.
    const fallback = within(second).getByText(/^Soon word word/).textContent ?? '';
    expect(fallback.endsWith('...')).toBe(true);
    expect(fallback.length).toBeLessThanOrEqual(153);
    expect(within(second).getByText(`By ${DEFAULT_BRAND.team}`)).toBeTruthy();

    // 'Read more' is a real link to the post's shareable address; its name says which post (three on the page).
    const more = within(second).getByRole('link', { name: 'Read more: System Design Coming Soon' });
    expect(more.textContent).toBe('Read more');
    expect(more.getAttribute('href')).toBe('/NewsPage?post=system-design-coming-soon');
    expect(within(first).getByRole('link', { name: 'Read more: New Dashboard Features' }).getAttribute('href')).toBe('/NewsPage?post=new-dashboard-features');
    expect(screen.getAllByRole('link', { name: /^Read more/ }).map((l) => l.getAttribute('aria-label'))).toEqual([
      'Read more: New Dashboard Features',
      'Read more: System Design Coming Soon',
      'Read more: Platform Launch',
    ]);
  });

  it('following Read more goes to the post', async () => {
    server = fakeApi({ 'GET /news': { status: 200, body: newsListFixture([launch], 1, 3) } });
    const view = renderWithStore(<LandingNews />);
    await view.user.click(await screen.findByRole('link', { name: 'Read more: Platform Launch' }));
    expect(view.location()).toBe('/NewsPage?post=platform-launch');
  });

  it('shows the empty state when there is no published news', async () => {
    server = fakeApi({ 'GET /news': { status: 200, body: newsListFixture([], 1, 3) } });
    renderWithStore(<LandingNews />);
    expect(await screen.findByRole('heading', { name: 'No news available' })).toBeTruthy();
    expect(screen.getByText('Check back later for updates and announcements.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('logs a failed load and falls back to the empty state (spec section 8)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server = fakeApi({ 'GET /news': { status: 500, body: { message: 'boom' } } });
    renderWithStore(<LandingNews />);
    expect(await screen.findByRole('heading', { name: 'No news available' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Could not load the latest news', expect.anything());
  });
});
