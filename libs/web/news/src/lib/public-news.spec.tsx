import { render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BRAND, formatLongDate, formatTime } from '@solvr/contracts';
import { fakeApi, heldReply, renderWithStore, type FakeCall } from '@solvr/web-accounts/testing';
import { newsFixture, newsListFixture } from '../testing/fixtures';
import { NewsArticle } from './news-article';
import { PublicNews } from './public-news';

const featured = newsFixture({
  id: 'n-1',
  slug: 'platform-launch',
  title: 'Platform Launch',
  excerpt: 'We are live.',
  content: '<p>The platform is <strong>live</strong>.</p>',
  is_featured: true,
  created_date: '2025-08-05T15:07:00.000Z',
});
const plain = newsFixture({ id: 'n-2', slug: 'older-news', title: 'Older News', excerpt: '', content: '<p>Old</p>', author: '', created_date: '2025-07-11T12:00:00.000Z' });

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

const listPages = (total: number) => (call: FakeCall) => {
  const page = Number(new URLSearchParams(call.search).get('page'));
  const items = page === 1 ? [featured, plain] : [newsFixture({ id: `n-p${page}`, slug: `post-page-${page}`, title: `Post on page ${page}` })];
  return { status: 200, body: newsListFixture(items, page, 10, total) };
};

describe('NewsArticle', () => {
  it("shows the date 'MMMM d, yyyy' and the time 'h:mm a' (here in UTC)", () => {
    render(
      <>
        <NewsArticle post={featured} teamName="Acme Team" timeZone="UTC" />
      </>,
    );
    const time = screen.getByText('August 5, 2025').closest('time') as HTMLElement;
    expect(time.getAttribute('datetime')).toBe('2025-08-05T15:07:00.000Z');
    expect(within(time).getByText('3:07 PM')).toBeTruthy();
  });

  it('renders the HTML content, its tables keyboard-reachable (they scroll sideways on phones)', () => {
    const post = newsFixture({ content: '<p>Intro <a href="https://example.com/">link</a></p><table><tbody><tr><td>a</td></tr></tbody></table>' });
    const { container } = render(
      <>
        <NewsArticle post={post} teamName="Acme Team" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'link' }).getAttribute('href')).toBe('https://example.com/');
    expect(container.querySelector('.nw-content table')?.getAttribute('tabindex')).toBe('0');
  });

  it("falls back to the team name for 'By'", () => {
    render(
      <>
        <NewsArticle post={plain} teamName="Acme Team" />
      </>,
    );
    expect(screen.getByText('By Acme Team')).toBeTruthy();
  });
});

describe('PublicNews (the news page)', () => {
  it('lists the published posts newest first, 10 a page, with 3 placeholders while loading', async () => {
    const held = heldReply({ status: 200, body: newsListFixture([featured, plain]) });
    server = fakeApi({ 'GET /news': held.route });
    renderWithStore(<PublicNews />, { route: '/NewsPage' });
    expect(screen.getByRole('heading', { level: 1, name: 'Latest News & Updates' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3));
    held.release();

    const [first, second] = await screen.findAllByRole('article');
    expect(server.calls.map((c) => `${c.method} ${c.path}${c.search}`)).toEqual(['GET /news?page=1&limit=10']);
    // Title (a link to the post's own address), date and time, author, Featured, excerpt and the HTML content.
    const title = within(first).getByRole('heading', { level: 2, name: 'Platform Launch' });
    expect(within(title).getByRole('link').getAttribute('href')).toBe('/NewsPage?post=platform-launch');
    expect(within(first).getByText(formatLongDate(featured.created_date))).toBeTruthy();
    const time = within(first).getByText(formatTime(featured.created_date));
    expect(time.textContent).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(within(first).getByText('By Jane Doe')).toBeTruthy();
    expect(within(first).getByText('Featured')).toBeTruthy();
    expect(within(first).getByText('We are live.')).toBeTruthy();
    expect(within(first).getByText('live', { selector: 'strong' })).toBeTruthy();

    expect(within(second).queryByText('Featured')).toBeNull();
    expect(within(second).getByText(`By ${DEFAULT_BRAND.team}`)).toBeTruthy();
    expect(within(second).getByText('Old', { selector: 'p' })).toBeTruthy();
    // All on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'News pages' })).toBeNull();
  });

  it('pages through older posts with real links, and puts the focus on the heading', async () => {
    server = fakeApi({ 'GET /news': listPages(25) });
    const view = renderWithStore(<PublicNews />, { route: '/NewsPage' });
    const pager = await screen.findByRole('navigation', { name: 'News pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pager).queryByRole('link', { name: 'Newer posts' })).toBeNull();
    const older = within(pager).getByRole('link', { name: 'Older posts' });
    expect(older.getAttribute('href')).toBe('/NewsPage?page=2');

    await view.user.click(older);
    expect(await screen.findByRole('heading', { name: 'Post on page 2' })).toBeTruthy();
    expect(view.location()).toBe('/NewsPage?page=2');
    expect(server.calls.at(-1)?.search).toBe('?page=2&limit=10');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Latest News & Updates' }));
    const nav = screen.getByRole('navigation', { name: 'News pages' });
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Newer posts' }).getAttribute('href')).toBe('/NewsPage');
    expect(within(nav).getByRole('link', { name: 'Older posts' }).getAttribute('href')).toBe('/NewsPage?page=3');
  });

  it('shows the empty state when nothing is published', async () => {
    server = fakeApi({ 'GET /news': { status: 200, body: newsListFixture([]) } });
    renderWithStore(<PublicNews />, { route: '/NewsPage' });
    // An h2 under the page's h1 (headings in order).
    expect(await screen.findByRole('heading', { level: 2, name: 'No news available' })).toBeTruthy();
    expect(screen.getByText('Check back later for updates and announcements.')).toBeTruthy();
  });

  it('shows one post by its slug (?post=), titles the tab with it, and links back to all news', async () => {
    document.title = 'News | Solvr';
    server = fakeApi({
      'GET /news/platform-launch': { status: 200, body: featured },
      'GET /news': { status: 200, body: newsListFixture([featured, plain]) },
    });
    const view = renderWithStore(<PublicNews />, { route: '/NewsPage?post=platform-launch' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Platform Launch' });
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /news/platform-launch']);
    expect(document.title).toBe('Platform Launch | Solvr');
    const article = heading.closest('article') as HTMLElement;
    expect(within(article).getByText('We are live.')).toBeTruthy();
    expect(within(article).getByText('live', { selector: 'strong' })).toBeTruthy();
    expect(within(article).getByText(formatLongDate(featured.created_date))).toBeTruthy();

    const back = screen.getByRole('link', { name: /Back to all news/ });
    expect(back.getAttribute('href')).toBe('/NewsPage');
    await view.user.click(back);
    expect(await screen.findByRole('heading', { level: 2, name: 'Older News' })).toBeTruthy();
    expect(document.title).toBe('News | Solvr');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Latest News & Updates' }));
  });

  it('says clearly when the post does not exist (404), with the link back', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server = fakeApi({ 'GET /news/a-draft': { status: 404, body: { message: 'Not found' } } });
    renderWithStore(<PublicNews />, { route: '/NewsPage?post=a-draft' });
    expect(await screen.findByRole('heading', { level: 1, name: 'News post not found' })).toBeTruthy();
    expect(screen.getByText('This news post does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to all news/ }).getAttribute('href')).toBe('/NewsPage');
    expect(document.title).toBe('News post not found | Solvr');
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a post that could not be loaded and says so', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server = fakeApi({ 'GET /news/platform-launch': { status: 503, body: { message: 'Down' } } });
    renderWithStore(<PublicNews />, { route: '/NewsPage?post=platform-launch' });
    expect((await screen.findByRole('alert')).textContent).toContain('This news post could not be loaded. Please try again later.');
    expect(screen.getByRole('link', { name: /Back to all news/ })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Could not load the news post', expect.anything());
  });
});
