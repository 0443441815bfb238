import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_UPLOAD_TEXTS as T, FILE_TEXTS, RELEASE_TEXTS } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore, type FakeCall } from '@solvr/web-accounts/testing';
import { FilesTab } from './files-tab';
import { FakeXhr } from './testing/fake-xhr';
import { UploadTab } from './upload-tab';

const MAX = 20 * 1024 * 1024;
const users = [
  { email: 'bob@example.com', full_name: 'Bob Builder' },
  { email: 'bea@example.com', full_name: null },
];

let server: ReturnType<typeof fakeApi> | undefined;
let uninstall: () => void;
beforeEach(() => (uninstall = FakeXhr.install()));
afterEach(() => {
  server?.restore();
  uninstall();
  jest.restoreAllMocks();
});

/** A label as shown, with the required marker when there is one. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const file = (name = 'Installer.zip', bytes = 1000, type = 'application/zip') => new File([new Uint8Array(bytes)], name, { type });

function setup(extra: Record<string, unknown> = {}) {
  server = fakeApi({
    'GET /admin/files/limits': { status: 200, body: { max_bytes: MAX } },
    'GET /admin/files': { status: 200, body: [] },
    'GET /admin/users/pick': (call: FakeCall) => {
      const q = new URLSearchParams(call.search).get('q')?.toLowerCase() ?? '';
      return { status: 200, body: users.filter((u) => u.email.includes(q) || (u.full_name ?? '').toLowerCase().includes(q)) };
    },
    ...(extra as Record<string, never>),
  });
  const view = renderWithStore(<UploadTab />, { account: accountFixture({ role: 'admin' }) });
  const button = () => screen.getByRole('button', { name: new RegExp(`^(${T.submit}|${T.uploading})$`) }) as HTMLButtonElement;
  const input = (text: string) => screen.getByLabelText(label(text)) as HTMLInputElement;
  const choose = (f: File) => view.user.upload(input(T.file), f);
  const submit = () => view.user.click(button());
  return { ...view, button, input, choose, submit };
}

const limitsLoaded = () => waitFor(() => expect(server?.calls.some((c) => c.path === '/admin/files/limits')).toBe(true));

describe('UploadTab', () => {
  it("checks in the spec's order before sending: a file, a paid file's price, then the size limit", async () => {
    const view = setup();
    await limitsLoaded();
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    // No file: the button is disabled; a submit anyway (Enter) is refused with the spec's text.
    expect(view.button().disabled).toBe(true);
    fireEvent.submit(view.button().closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_TEXTS.selectFile);

    await view.choose(file());
    expect(view.button().disabled).toBe(false);
    await view.user.click(screen.getByLabelText(T.isPaid));
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.invalidPrice));
    expect(view.input(T.price).getAttribute('aria-invalid')).toBe('true');
    await view.user.type(view.input(T.price), '0');
    await view.submit();
    expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.invalidPrice);

    await view.user.clear(view.input(T.price));
    await view.user.type(view.input(T.price), '4.50');
    await view.choose(file('Big.iso', MAX + 1, ''));
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.tooLarge(MAX)));
    expect(view.input(T.file).getAttribute('aria-invalid')).toBe('true');
    expect(FakeXhr.requests).toEqual([]);
  });

  it("names the upload after the file unless the admin typed a name; shows the file's type and size in MB", async () => {
    const view = setup();
    await view.choose(file('Solvr-Setup-1.0.20.zip', Math.round(12.35 * 1024 * 1024)));
    expect(view.input(T.name).value).toBe('Solvr-Setup-1.0.20');
    expect(screen.getByText(T.chosenFile('application/zip', '12.35 MB'))).toBeTruthy();
    // Another file: the name follows it.
    await view.choose(file('notes.txt', 10, ''));
    expect(view.input(T.name).value).toBe('notes');
    expect(screen.getByText(T.chosenFile('txt', '0.00 MB'))).toBeTruthy();
    // Cleared: the default applies again (shown as the placeholder, and sent).
    await view.user.clear(view.input(T.name));
    expect(view.input(T.name).placeholder).toBe('notes');
    await view.submit();
    expect(FakeXhr.last().fields().name).toBe('notes');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => FakeXhr.last().respond(500, { message: 'x' }));
    await screen.findByRole('alert');
    // A typed name stays when another file is chosen.
    await view.user.type(view.input(T.name), 'My Tool');
    await view.choose(file('other.zip'));
    expect(view.input(T.name).value).toBe('My Tool');
  });

  it('sends the form (price in dollars, chosen users), shows progress and speed, then succeeds, resets and refreshes the lists', async () => {
    server = fakeApi({
      'GET /admin/files/limits': { status: 200, body: { max_bytes: MAX } },
      'GET /admin/files': { status: 200, body: [] },
      'GET /admin/users/pick': { status: 200, body: users },
    });
    const view = renderWithStore(
      <>
        <FilesTab />
        <UploadTab />
      </>,
      { account: accountFixture({ role: 'admin' }) },
    );
    const button = () => screen.getByRole('button', { name: new RegExp(`^(${T.submit}|${T.uploading})$`) }) as HTMLButtonElement;
    await view.user.upload(screen.getByLabelText(label(T.file)), file());
    await view.user.type(screen.getByLabelText(T.version), '1.2.0');
    await view.user.type(screen.getByLabelText(T.description), 'The installer');
    await view.user.selectOptions(screen.getByLabelText(T.accessType), 'specific_users');
    await view.user.click(screen.getByRole('combobox', { name: T.allowedUsers }));
    await view.user.click(await screen.findByRole('option', { name: /bob@example.com/ }));
    await view.user.click(screen.getByLabelText(T.isPaid));
    await view.user.type(screen.getByLabelText(label(T.price)), '19.99');
    await view.user.selectOptions(screen.getByLabelText(T.currency), 'EUR');
    const listCalls = () => server?.calls.filter((c) => c.path === '/admin/files').length;
    await waitFor(() => expect(listCalls()).toBe(1));

    await view.user.click(button());
    const xhr = FakeXhr.last();
    expect(xhr.headers['authorization']).toBe('Bearer test-access-token');
    expect(xhr.fields()).toEqual({
      name: 'Installer',
      description: 'The installer',
      version: '1.2.0',
      is_paid: 'true',
      price: '19.99',
      currency: 'EUR',
      access_type: 'specific_users',
      allowed_users: '["bob@example.com"]',
      release_channel: '',
      platform: 'windows',
      release_notes: '',
    });
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe(T.uploading);
    const bar = screen.getByRole('progressbar', { name: T.progress });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.cancel }));
    act(() => xhr.progress(4_200, 10_000));
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByText(/\/s$/).textContent).toMatch(/^[\d.]+ (Bytes|KB|MB|GB)\/s$/);
    act(() => xhr.progress(10_000, 10_000));
    expect(screen.getByText('100%')).toBeTruthy();

    act(() => xhr.respond(201, { id: 'f-1' }));
    expect((await screen.findByText(FILE_TEXTS.uploaded)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByLabelText(label(T.name)) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(label(T.file)) as HTMLInputElement).value).toBe('');
    expect(button().disabled).toBe(true);
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it("shows the spec's failure text with the server's reason, and logs it", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup();
    await view.choose(file());
    await view.submit();
    act(() => FakeXhr.last().respond(413, { statusCode: 413, message: FILE_TEXTS.tooLarge(MAX) }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${FILE_TEXTS.uploadFailed} ${FILE_TEXTS.tooLarge(MAX)}`));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(logged).toHaveBeenCalled();
    // The form is kept for another try.
    expect(view.input(T.name).value).toBe('Installer');
    expect(view.button().disabled).toBe(false);

    await view.submit();
    act(() => FakeXhr.last().fail());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.uploadFailed));
  });

  it('Cancel aborts the upload', async () => {
    const view = setup();
    await view.choose(file());
    await view.submit();
    act(() => FakeXhr.last().progress(10, 1000));
    await view.user.click(screen.getByRole('button', { name: T.cancel }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect((await screen.findByRole('status')).textContent).toBe(T.canceled);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(view.button().disabled).toBe(false);
  });

  it('on a 401 refreshes the session once and sends again with the new token', async () => {
    const view = setup({
      'POST /auth/refresh': { status: 200, body: { access_token: 'fresh-token', user: accountFixture({ role: 'admin' }) } },
    });
    await view.choose(file());
    await view.submit();
    act(() => FakeXhr.last().respond(401, { statusCode: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    expect(FakeXhr.last().headers['authorization']).toBe('Bearer fresh-token');
    act(() => FakeXhr.last().respond(201, { id: 'f-2' }));
    expect(await screen.findByText(FILE_TEXTS.uploaded)).toBeTruthy();
  });

  it('a release shows its platform and notes, must be free and for all users, and needs a semantic version', async () => {
    const view = setup();
    await view.choose(file());
    expect(screen.queryByLabelText(T.platform)).toBeNull();
    await view.user.selectOptions(view.input(T.releaseChannel), 'beta');
    await view.user.selectOptions(view.input(T.platform), 'linux');
    await view.user.type(view.input('Release notes'), 'Fixes');
    await view.user.selectOptions(view.input(T.accessType), 'specific_users');
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A release must be free and for all users: the desktop app downloads it without signing in.'));
    await view.user.selectOptions(view.input(T.accessType), 'all_users');

    // The version the update feed will publish: required for a release, and one electron-updater accepts.
    expect(view.input(T.version).getAttribute('aria-required')).toBe('true');
    await view.user.type(view.input(T.version), '0.99');
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RELEASE_TEXTS.badVersion));
    expect(view.input(T.version).getAttribute('aria-invalid')).toBe('true');
    expect(FakeXhr.requests).toHaveLength(0);
    await view.user.type(view.input(T.version), '.0');
    await view.submit();
    expect(FakeXhr.last().fields()).toMatchObject({ version: '0.99.0', release_channel: 'beta', platform: 'linux', release_notes: 'Fixes' });
  });
});

describe('UserPicker (specific users)', () => {
  it('searches as the admin types, and is keyboard operable: arrows, Enter toggles, chips remove, Escape closes', async () => {
    const view = setup();
    await view.user.selectOptions(view.input(T.accessType), 'specific_users');
    const box = screen.getByRole('combobox', { name: T.allowedUsers });
    await view.user.click(box);
    await view.user.type(box, 'bo');
    const options = () => within(screen.getByRole('listbox', { name: T.allowedUsers })).getAllByRole('option');
    await waitFor(() => expect(options()).toHaveLength(1));
    const option = screen.getByRole('option', { name: /Bob Builder/ });
    expect(server?.calls.some((c) => c.path === '/admin/users/pick' && c.search === '?q=bo')).toBe(true);
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id);
    await view.user.keyboard('{Enter}');
    expect(option.getAttribute('aria-selected')).toBe('true');
    // A pick closes the list.
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    const chips = screen.getByRole('list', { name: T.chosenUsers(1) });
    expect(within(chips).getByText('Bob Builder (bob@example.com)')).toBeTruthy();
    // Enter opens it again, on the same search; Enter then toggles the user off (and closes it); once more on.
    await view.user.keyboard('{Enter}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await view.user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: T.chosenUsers(1) })).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await view.user.keyboard('{Enter}{Enter}');

    await view.user.clear(box);
    await waitFor(() => expect(options()).toHaveLength(2));
    await view.user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    await view.user.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: T.chosenUsers(2) })).toBeTruthy();
    await view.user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await view.user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await view.user.click(screen.getByRole('button', { name: T.removeUser('bob@example.com') }));
    expect(document.activeElement).toBe(box);
    expect(screen.getByRole('list', { name: T.chosenUsers(1) }).textContent).toContain('bea@example.com');
    await view.user.keyboard('{Backspace}');
    expect(screen.queryByRole('list', { name: /selected/ })).toBeNull();

    await view.user.type(box, 'nobody');
    expect(await screen.findByText(T.noUsers)).toBeTruthy();
  });

  it("a click on a user closes the list, so it no longer covers 'Paid file'", async () => {
    const view = setup();
    await view.user.selectOptions(view.input(T.accessType), 'specific_users');
    const box = screen.getByRole('combobox', { name: T.allowedUsers });
    await view.user.click(box);
    await view.user.click(await screen.findByRole('option', { name: /bob@example.com/ }));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: T.removeUser('bob@example.com') })).toBeTruthy();
    // The focus stays in the box: typing searches again.
    expect(document.activeElement).toBe(box);
    await view.user.type(box, 'bea');
    expect(await screen.findByRole('option', { name: /bea@example.com/ })).toBeTruthy();
  });
});

describe('UploadTab, unsaved work', () => {
  const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

  it('closing or reloading the page asks first while a file is chosen or an upload runs; not once it is done', async () => {
    const view = setup();
    expect(asks()).toBe(false);
    await view.choose(file());
    expect(asks()).toBe(true);
    await view.submit();
    act(() => FakeXhr.last().progress(10, 1000));
    expect(asks()).toBe(true);
    act(() => FakeXhr.last().respond(201, { id: 'f-1' }));
    await screen.findByText(FILE_TEXTS.uploaded);
    expect(asks()).toBe(false);
  });
});
