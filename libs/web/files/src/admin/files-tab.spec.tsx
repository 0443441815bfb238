import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_FILES_TEXTS as T, FILE_TEXTS, type AdminFileView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '@solvr/web-accounts/testing';
import { FilesTab, searchFiles } from './files-tab';
import { shortHash } from '../library/format';
import { browserNavigation } from '../library/use-download';

const SHA = 'ab'.repeat(32);

function fileFixture(overrides: Partial<AdminFileView> = {}): AdminFileView {
  return {
    id: 'f-1',
    name: 'Installer',
    description: 'The Windows installer',
    version: '1.0.20',
    file_name: 'Installer.zip',
    file_type: 'application/zip',
    file_size: 304_319_201,
    sha256: SHA,
    is_paid: false,
    price: 0,
    currency: 'USD',
    access_type: 'all_users',
    allowed_users: [],
    is_active: true,
    download_count: 1987,
    created_date: '2025-08-05T12:00:00.000Z',
    updated_date: '2025-08-05T12:00:00.000Z',
    availability: 'download',
    created_by: 'u-1',
    ...overrides,
  };
}

const installer = fileFixture();
const guide = fileFixture({
  id: 'f-2',
  name: 'Interview Guide',
  description: 'Patterns for the coding round',
  version: '',
  file_type: 'pdf',
  file_size: 1536,
  is_paid: true,
  price: 1999,
  currency: 'EUR',
  access_type: 'specific_users',
  allowed_users: ['bob@example.com'],
  is_active: false,
  download_count: 3,
  created_date: '2025-09-01T12:00:00.000Z',
});

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

type Route = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

function setup(files: AdminFileView[] | Route = [installer, guide], routes: Record<string, Route> = {}) {
  server = fakeApi({ 'GET /admin/files': Array.isArray(files) ? { status: 200, body: files } : files, ...routes });
  const view = renderWithStore(<FilesTab />, { account: accountFixture({ role: 'admin' }) });
  const card = (name: string) => screen.getByRole('article', { name });
  const listCalls = () => server?.calls.filter((c) => c.method === 'GET' && c.path === '/admin/files').length;
  return { ...view, card, listCalls };
}

describe('FilesTab', () => {
  it('shows 4 skeletons while loading, then every file newest first with its badges and facts', async () => {
    const held = heldReply({ status: 200, body: [installer, guide] });
    const view = setup(held.route);
    await waitFor(() => expect(document.querySelectorAll('.ui-skeleton-card')).toHaveLength(4));
    held.release();
    await screen.findByRole('article', { name: 'Installer' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(['Interview Guide', 'Installer']);

    const first = within(view.card('Installer'));
    for (const text of ['application/zip', 'v1.0.20', T.active, T.free, 'The Windows installer', '290.22 MB', '1,987', T.allUsers, 'Aug 5, 2025']) {
      expect(first.getByText(text)).toBeTruthy();
    }
    expect(first.getByText(shortHash(SHA)).getAttribute('title')).toBe(SHA);
    expect(first.queryByText(/Allowed Users/)).toBeNull();
    expect(first.getByRole('button', { name: T.deactivateLabel('Installer') }).textContent).toBe(T.deactivate);

    const second = within(view.card('Interview Guide'));
    for (const text of ['pdf', T.inactive, '€19.99', '1.5 KB', T.specificUsers, T.allowedUsers(1), 'bob@example.com']) {
      expect(second.getByText(text)).toBeTruthy();
    }
    expect(second.queryByText(/^v/)).toBeNull();
    expect(second.getByRole('button', { name: T.activateLabel('Interview Guide') }).textContent).toBe(T.activate);
    expect(second.getByRole('button', { name: T.viewLabel('Interview Guide') }).textContent).toBe(T.view);
  });

  it('searches name or description, case-insensitively; says when nothing matches', async () => {
    const view = setup();
    await screen.findByRole('article', { name: 'Installer' });
    const search = screen.getByRole('searchbox', { name: T.searchLabel });
    expect(search.getAttribute('placeholder')).toBe(T.searchPlaceholder);
    await view.user.type(search, 'INSTALL');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await view.user.clear(search);
    await view.user.type(search, 'coding round');
    expect(screen.getByRole('article', { name: 'Interview Guide' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await view.user.type(search, 'x');
    expect(screen.getByRole('heading', { name: T.empty })).toBeTruthy();
    expect(screen.getByText(T.emptySearching)).toBeTruthy();
  });

  it('with no files at all says none have been uploaded; a failed load is logged and shows the same', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: T.empty })).toBeTruthy();
    expect(screen.getByText(T.emptyNone)).toBeTruthy();
    server?.restore();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ status: 500, body: { message: 'down' } });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getAllByText(T.emptyNone).length).toBeGreaterThan(0);
  });

  it('Activate/Deactivate sends is_active and refreshes the list; a failure is logged', async () => {
    let reply: FakeReply = { status: 200, body: { ...installer, is_active: false } };
    const view = setup([installer], { 'PATCH /admin/files/f-1': () => reply });
    await screen.findByRole('article', { name: 'Installer' });
    await view.user.click(screen.getByRole('button', { name: T.deactivateLabel('Installer') }));
    await waitFor(() => expect(view.listCalls()).toBe(2));
    expect(server?.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/admin/files/f-1', body: { is_active: false } });

    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reply = { status: 500, body: { message: 'down' } };
    // The button is disabled while the first change runs: a click then does nothing (on a busy machine it may still be).
    const toggle = () => screen.getByRole('button', { name: T.deactivateLabel('Installer') }) as HTMLButtonElement;
    await waitFor(() => expect(toggle().disabled).toBe(false));
    await view.user.click(toggle());
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it("Delete asks 'Are you sure?' with the file's name, shows 'Deleting...' while it runs, then the file is gone", async () => {
    const held = heldReply({ status: 204 });
    let files = [installer, guide];
    const view = setup(() => ({ status: 200, body: files }), { 'DELETE /admin/files/f-1': held.route });
    await screen.findByRole('article', { name: 'Installer' });
    const open = () => view.user.click(screen.getByRole('button', { name: T.deleteLabel('Installer') }));

    await open();
    let dialog = screen.getByRole('dialog', { name: FILE_TEXTS.deleteTitle });
    expect(within(dialog).getByText(FILE_TEXTS.deleteBody('Installer'))).toBeTruthy();
    expect(FILE_TEXTS.deleteBody('Installer')).toBe(
      'This will permanently delete "Installer" and remove access for all users. This action cannot be undone.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: T.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server?.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await open();
    dialog = screen.getByRole('dialog', { name: FILE_TEXTS.deleteTitle });
    await view.user.click(within(dialog).getByRole('button', { name: T.delete }));
    const pending = await within(dialog).findByRole('button', { name: FILE_TEXTS.deleting });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    files = [guide];
    held.release();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Installer' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
  });

  it("View downloads the file from its signed link in this page: no tab is opened, which would stay blank on a download", async () => {
    const opened = jest.spyOn(window, 'open').mockReturnValue(null);
    const followed = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([installer], { 'GET /admin/files/f-1/url': { status: 200, body: { url: '/api/download?key=k&sig=s', expires_at: '2030-01-01T00:00:00Z' } } });
    await screen.findByRole('article', { name: 'Installer' });
    await view.user.click(screen.getByRole('button', { name: T.viewLabel('Installer') }));
    await waitFor(() => expect(followed).toHaveBeenCalledWith('/api/download?key=k&sig=s'));
    expect(opened).not.toHaveBeenCalled();
  });

  it('View that gets no link says so and goes nowhere', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const followed = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([installer], { 'GET /admin/files/f-1/url': { status: 404, body: { message: 'File not found' } } });
    await screen.findByRole('article', { name: 'Installer' });
    await view.user.click(screen.getByRole('button', { name: T.viewLabel('Installer') }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(followed).not.toHaveBeenCalled();
  });
});

describe('searchFiles', () => {
  it('sorts newest first', () => {
    expect(searchFiles([installer, guide], '').map((f) => f.id)).toEqual(['f-2', 'f-1']);
    expect(searchFiles([installer, guide], '  windows ').map((f) => f.id)).toEqual(['f-1']);
  });
});
