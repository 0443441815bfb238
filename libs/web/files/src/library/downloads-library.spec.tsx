import { act, screen, waitFor, within } from '@testing-library/react';
import { FILE_TEXTS, PAYMENT_TEXTS, PORTAL_TEXTS, type FileView, type LibraryPage } from '@solvr/contracts';
import { resetToasts, Toaster } from '@solvr/web-ui';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { DownloadsLibrary } from './downloads-library';
import { fileFixture, summaryFixture } from './test-fixtures';
import { browserNavigation } from './use-download';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
  act(() => resetToasts());
});

const installer = fileFixture();
const guide = fileFixture({
  id: 'f-2',
  name: 'Interview Guide',
  description: 'Patterns for LIVE coding rounds, with worked examples.',
  version: '2',
  file_type: 'pdf',
  file_name: 'guide.pdf',
  file_size: 2048,
  download_count: 12,
  created_date: '2025-08-06T12:00:00.000Z',
});
const paid = fileFixture({
  id: 'f-3',
  name: 'Advanced Pack',
  description: 'Extra practice sets.',
  version: '',
  file_type: 'zip',
  is_paid: true,
  price: 1999,
  download_count: 3,
  created_date: '2025-08-01T12:00:00.000Z',
  availability: 'buy',
});

/** The api's first (and only) page holding `files`. */
const pageOf = (files: FileView[], more: Partial<LibraryPage> = {}): FakeReply => ({ status: 200, body: { files, next: null, ...more } satisfies LibraryPage });
/** The query string of each GET /files, as URLSearchParams entries. */
const listCalls = () => (server?.calls ?? []).filter((c) => c.method === 'GET' && c.path === '/files').map((c) => Object.fromEntries(new URLSearchParams(c.search)));

type Route = FakeReply | ((call: { search: string }) => FakeReply | Promise<FakeReply>);
function setup(files: FileView[] | FakeReply, routes: Record<string, Route> = {}, total = Array.isArray(files) ? files.length : 12) {
  server = fakeApi({
    'GET /files': Array.isArray(files) ? pageOf(files) : files,
    'GET /files/summary': { status: 200, body: summaryFixture({ total_files: total }) },
    ...routes,
  });
  const view = renderWithStore(
    <>
      <DownloadsLibrary />
      <Toaster />
    </>,
    { route: '/Downloads', account: accountFixture() },
  );
  return view;
}

const cardNames = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent);
const cardOf = (name: string) => screen.getByRole('article', { name });

describe('DownloadsLibrary', () => {
  it('shows the heading, the four stat cards with the summary figures, and every card with its facts', async () => {
    setup([guide, installer, paid]);
    expect(screen.getByRole('heading', { level: 1, name: 'Downloads' })).toBeTruthy();
    expect(screen.getByText('Access and download your available files.')).toBeTruthy();
    await screen.findByRole('article', { name: 'Installer' });
    const stats = document.querySelectorAll('.ui-stat');
    expect([...stats].map((s) => s.textContent)).toEqual([
      'Total Files3',
      'Your Downloads125,564',
      'Most PopularInstaller1,987 downloads',
      'New This Week3',
    ]);
    expect(cardNames()).toEqual(['Interview Guide', 'Installer', 'Advanced Pack']);

    const card = within(cardOf('Installer'));
    expect(card.getByText('ZIP')).toBeTruthy();
    expect(card.getByText('v1.0.20')).toBeTruthy();
    expect(card.getByText('The desktop app for Windows.').className).toContain('fl-card-description');
    expect(card.getByText('290.22 MB')).toBeTruthy();
    expect(card.getByText('1,987 downloads')).toBeTruthy();
    expect(card.getByText('Added Aug 5, 2025').getAttribute('datetime')).toBe(installer.created_date);
    // The digest: shortened, the full value in the title and the details.
    expect(card.getByText('aaaaaaaa…0123abcd').getAttribute('title')).toBe(installer.sha256);
    expect(card.getByText(installer.sha256)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Download' })).toBeTruthy();

    const paidCard = within(cardOf('Advanced Pack'));
    expect(paidCard.getByText('$19.99').className).toContain('ui-badge');
    expect(paidCard.queryByText(/^v/)).toBeNull();
    expect(paidCard.getByRole('button', { name: 'Buy $19.99' })).toBeTruthy();
    expect(paidCard.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(cardOf('Interview Guide')).queryByText('$19.99')).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Showing 3 of 3 files');
  });

  it('asks the api for the search, the order and the type, and shows the page it answers', async () => {
    const view = setup([], {
      'GET /files': ({ search }) => {
        const q = new URLSearchParams(search);
        if (q.get('search') || q.get('type') === 'PDF') return pageOf([guide]);
        return pageOf(q.get('sort') === 'oldest' ? [paid, installer, guide] : [guide, installer, paid]);
      },
    }, 3);
    await screen.findByRole('article', { name: 'Installer' });
    expect(listCalls()).toEqual([{ sort: 'newest', limit: '48' }]);
    const search = screen.getByRole('searchbox', { name: 'Search files' });
    expect(search.getAttribute('placeholder')).toBe('Search files by name or description...');

    // Typing settles before it is sent: one request for the whole word.
    await view.user.type(search, ' live CODING ');
    await waitFor(() => expect(cardNames()).toEqual(['Interview Guide']));
    expect(listCalls().slice(1)).toEqual([{ search: 'live CODING', sort: 'newest', limit: '48' }]);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Showing 1 of 3 files');
    await view.user.clear(search);
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual(['Newest First', 'Oldest First', 'Name A-Z', 'Most Downloaded']);
    expect(sort.selectedOptions[0].text).toBe('Newest First');
    await view.user.selectOptions(sort, 'Oldest First');
    await waitFor(() => expect(cardNames()).toEqual(['Advanced Pack', 'Installer', 'Interview Guide']));
    expect(listCalls().at(-1)).toEqual({ sort: 'oldest', limit: '48' });
    await view.user.selectOptions(sort, 'Name A-Z');
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ sort: 'name', limit: '48' }));
    await view.user.selectOptions(sort, 'Most Downloaded');
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ sort: 'popular', limit: '48' }));

    // The type filter offers the types the summary reports for the whole library.
    const type = screen.getByRole('combobox', { name: 'File type' }) as HTMLSelectElement;
    expect([...type.options].map((o) => o.text)).toEqual(['All Types', 'PDF', 'ZIP']);
    await view.user.selectOptions(type, 'PDF');
    await waitFor(() => expect(cardNames()).toEqual(['Interview Guide']));
    expect(listCalls().at(-1)).toEqual({ sort: 'popular', type: 'PDF', limit: '48' });
  });

  it('counts a search against the whole library: Showing 0 of 2 files', async () => {
    const view = setup([], { 'GET /files': ({ search }) => (search.includes('search=') ? pageOf([]) : pageOf([guide, installer])) }, 2);
    await screen.findByRole('article', { name: 'Installer' });
    await view.user.type(screen.getByRole('searchbox'), 'nothing like this');
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Showing 0 of 2 files');
  });

  it('shows a MIME type as the short type the Dashboard shows', async () => {
    setup([{ ...installer, file_type: 'application/x-apple-diskimage', file_name: 'Solvr.dmg' }]);
    expect(within(await screen.findByRole('article', { name: 'Installer' })).getByText('DMG')).toBeTruthy();
  });

  it("says 'No files found' with a hint to change the search or filters, or that nothing is available", async () => {
    const view = setup([], { 'GET /files': ({ search }) => (search.includes('search=') ? pageOf([]) : pageOf([installer])) }, 1);
    await screen.findByRole('article', { name: 'Installer' });
    await view.user.type(screen.getByRole('searchbox'), 'nothing like this');
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
    expect(screen.queryByText('No files are available for download at this time')).toBeNull();
    server?.restore();
    view.unmount();

    setup([]);
    expect(await screen.findByRole('heading', { name: 'No files found' })).toBeTruthy();
    expect(screen.getByText('No files are available for download at this time')).toBeTruthy();
    expect(screen.queryByText('Try adjusting your search or filters')).toBeNull();
  });

  it('shows 6 skeleton cards while the files load', async () => {
    const held = heldReply(pageOf([installer]));
    setup([], { 'GET /files': held.route });
    expect(document.querySelectorAll('[data-testid="skeleton-card"]')).toHaveLength(6);
    expect(screen.getByText('Loading files...')).toBeTruthy();
    held.release();
    await screen.findByRole('article', { name: 'Installer' });
    expect(document.querySelectorAll('[data-testid="skeleton-card"]')).toHaveLength(0);
  });

  it('Download counts the download, sends the browser to the link and refreshes the counts', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const link = { url: '/api/downloads/file?token=abc', expires_at: '2025-08-05T12:05:00.000Z' };
    const view = setup([installer], { 'POST /files/f-1/download': { status: 200, body: link } });
    await view.user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link.url));
    expect(server?.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/files/f-1/download']);
    // The summary is read again; the list is not downloaded again: its count rises in place.
    await waitFor(() => expect(server?.calls.filter((c) => c.path === '/files/summary').length).toBe(2));
    expect(server?.calls.filter((c) => c.path === '/files').length).toBe(1);
    expect(within(cardOf('Installer')).getByText(PORTAL_TEXTS.files.downloads(installer.download_count + 1))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says \"You don't have access to this file.\" on 403, and 'Download failed. Please try again.' otherwise", async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    let reply: FakeReply = { status: 403, body: { message: FILE_TEXTS.noAccess } };
    const view = setup([installer, guide], { 'POST /files/f-1/download': () => reply, 'POST /files/f-2/download': () => reply });
    await view.user.click(within(await screen.findByRole('article', { name: 'Installer' })).getByRole('button', { name: 'Download' }));
    expect((await within(cardOf('Installer')).findByRole('alert')).textContent).toBe("You don't have access to this file.");
    reply = { status: 500, body: { message: 'boom' } };
    await view.user.click(within(cardOf('Interview Guide')).getByRole('button', { name: 'Download' }));
    expect((await within(cardOf('Interview Guide')).findByRole('alert')).textContent).toBe('Download failed. Please try again.');
    // Only the last failure is shown.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('Buy {price} starts a checkout for the file and sends the browser to it', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([paid], { 'POST /files/f-3/checkout': { status: 200, body: { kind: 'checkout', url: 'https://checkout.example/pay/cs_test_1' } } });
    await view.user.click(await screen.findByRole('button', { name: 'Buy $19.99' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/cs_test_1'));
    // Only the file's id goes to the api: the price is the one stored with the file.
    expect(server?.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body ?? null])).toEqual([['/files/f-3/checkout', null]]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("Buy shows the api's sentence on the card when payments are not configured", async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([paid], { 'POST /files/f-3/checkout': { status: 503, body: { statusCode: 503, message: PAYMENT_TEXTS.notConfigured } } });
    await view.user.click(await screen.findByRole('button', { name: 'Buy $19.99' }));
    expect((await within(cardOf('Advanced Pack')).findByRole('alert')).textContent).toBe(PAYMENT_TEXTS.notConfigured);
    expect(within(cardOf('Advanced Pack')).getByRole('button', { name: 'Buy $19.99' }).getAttribute('aria-describedby')).toContain(
      within(cardOf('Advanced Pack')).getByRole('alert').id,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('Buy of a file the user already owns downloads it at once and reads the list again', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const link = { url: '/api/download?token=owned', expires_at: '2025-08-05T12:05:00.000Z' };
    const view = setup([paid], { 'POST /files/f-3/checkout': { status: 200, body: { kind: 'owned' } }, 'POST /files/f-3/download': { status: 200, body: link } });
    await view.user.click(await screen.findByRole('button', { name: 'Buy $19.99' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link.url));
    await waitFor(() => expect(server?.calls.filter((c) => c.path === '/files').length).toBe(2));
  });

  it('Buy runs the onBuy it is given instead', async () => {
    const onBuy = jest.fn();
    server = fakeApi({ 'GET /files': pageOf([paid]), 'GET /files/summary': { status: 200, body: summaryFixture() } });
    const view = renderWithStore(<DownloadsLibrary onBuy={onBuy} />, { account: accountFixture() });
    await view.user.click(await screen.findByRole('button', { name: 'Buy $19.99' }));
    expect(onBuy).toHaveBeenCalledWith(paid);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a page of 48: Show more reads the next page, announces the count and moves the focus to the first new card', async () => {
    const many = Array.from({ length: 100 }, (_, i) => fileFixture({ id: `m${i}`, name: `File ${String(i).padStart(3, '0')}` }));
    const pages: Record<string, FakeReply> = {
      '': pageOf(many.slice(0, 48), { next: 'p2' }),
      p2: { status: 200, body: { files: many.slice(48, 96), next: 'p3' } },
      p3: { status: 200, body: { files: many.slice(96), next: null } },
    };
    const view = setup([], { 'GET /files': ({ search }) => pages[new URLSearchParams(search).get('after') ?? ''] }, 100);
    await screen.findByRole('article', { name: 'File 000' });
    expect(screen.getAllByRole('article')).toHaveLength(48);
    const status = screen.getByText('Showing 48 of 100 files');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await view.user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(96));
    expect(status.textContent).toBe('Showing 96 of 100 files');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('File 048'));
    await view.user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(100));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(listCalls().map((q) => q.after ?? null)).toEqual([null, 'p2', 'p3']);
    // A new search starts again from the first page.
    await view.user.type(screen.getByRole('searchbox'), 'file');
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ search: 'file', sort: 'newest', limit: '48' }));
  });

  it('offers to try again when the files cannot be loaded', async () => {
    let reply: FakeReply = { status: 500, body: { message: 'boom' } };
    const view = setup([], { 'GET /files': () => reply });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your files. Please try again.');
    reply = pageOf([installer]);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Installer' })).toBeTruthy();
  });
});
