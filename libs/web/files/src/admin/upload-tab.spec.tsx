import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_UPLOAD_TEXTS as T, FILE_TEXTS } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore, type FakeCall } from '@solvr/web-accounts/testing';
import { FilesTab } from './files-tab';
import { FakeXhr } from './testing/fake-xhr';
import { PARALLEL_UPLOADS, uploadStore } from './upload-store';
import { UploadTab } from './upload-tab';
import { UploadTray } from './upload-tray';

const MAX = 20 * 1024 * 1024;
const users = [
  { email: 'bob@example.com', full_name: 'Bob Builder' },
  { email: 'bea@example.com', full_name: null },
];

let server: ReturnType<typeof fakeApi> | undefined;
let uninstall: () => void;
beforeEach(() => (uninstall = FakeXhr.install()));
afterEach(() => {
  uploadStore.reset();
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
  const choose = (...f: File[]) => view.user.upload(input(T.file), f);
  const submit = () => view.user.click(button());
  return { ...view, button, input, choose, submit };
}

/** A drop of files on an element, as a browser sends it. */
const dropOn = (el: Element, files: File[]) => fireEvent.drop(el, { dataTransfer: { files, types: ['Files'], dropEffect: 'none' } });
const zone = () => screen.getByRole('group', { name: new RegExp(`^(${T.dropTitle}|${T.dropActive})$`) });
const item = (fileName: string) => screen.getByRole('listitem', { name: fileName });

const limitsLoaded = () => waitFor(() => expect(server?.calls.some((c) => c.path === '/admin/files/limits')).toBe(true));

describe('UploadTab', () => {
  it("checks in the spec's order before sending: a paid file's price, then the size limit", async () => {
    const view = setup();
    await limitsLoaded();
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    // Nothing to send until a file is chosen or dropped: no item, no Upload button.
    expect(screen.queryByRole('list', { name: T.items })).toBeNull();
    expect(screen.queryByRole('button', { name: T.submit })).toBeNull();

    await view.choose(file());
    expect(view.button().disabled).toBe(false);
    await view.user.click(screen.getByLabelText(T.isPaid));
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.invalidPrice));
    expect(view.input(T.price).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await view.user.type(view.input(T.price), '0');
    await view.submit();
    expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.invalidPrice);
    await view.user.clear(view.input(T.price));
    await view.user.type(view.input(T.price), '4.50');
    await view.user.click(within(item('Installer.zip')).getByRole('button', { name: T.remove }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(document.activeElement).toBe(view.input(T.file));

    await view.choose(file('Big.iso', MAX + 1, ''));
    await view.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILE_TEXTS.tooLarge(MAX)));
    expect(FakeXhr.requests).toEqual([]);
  });

  it("names each file's upload after it; shows its type and size in MB; a library file is never a release", async () => {
    const view = setup();
    await view.choose(file('Solvr-Setup-1.0.20.zip', Math.round(12.35 * 1024 * 1024)), file('notes.txt', 10, ''), file('Solvr-1.0.20.AppImage', 10, ''));
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Solvr-Setup-1.0.20.zip', 'notes.txt', 'Solvr-1.0.20.AppImage']);
    expect((within(items[0]).getByLabelText(label(T.name)) as HTMLInputElement).value).toBe('Solvr-Setup-1.0.20');
    expect(within(items[0]).getByText(T.chosenFile('application/zip', '12.35 MB'))).toBeTruthy();
    expect((within(items[1]).getByLabelText(label(T.name)) as HTMLInputElement).value).toBe('notes');
    expect(within(items[1]).getByText(T.chosenFile('txt', '0.00 MB'))).toBeTruthy();
    // Releases are published in the Releases tab: the library's form has no channel or platform.
    expect(within(items[2]).queryByLabelText(T.releaseChannel)).toBeNull();
    expect(within(items[2]).queryByLabelText(T.platform)).toBeNull();
    // Cleared: the default applies again (shown as the placeholder, and sent).
    const name = within(items[1]).getByLabelText(label(T.name)) as HTMLInputElement;
    await view.user.clear(name);
    expect(name.placeholder).toBe('notes');
    await view.user.click(within(items[1]).getByRole('button', { name: T.submit }));
    expect(FakeXhr.last().fields().name).toBe('notes');
    expect(FakeXhr.requests).toHaveLength(1);
  });

  it('sends the form (price in dollars, chosen users), shows progress and speed, then succeeds (dismissable) and refreshes the lists', async () => {
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
    // Done: its details are gone, and it can be dismissed.
    expect(screen.queryByLabelText(label(T.name))).toBeNull();
    expect(screen.queryByRole('button', { name: T.submit })).toBeNull();
    await waitFor(() => expect(listCalls()).toBe(2));
    await view.user.click(screen.getByRole('button', { name: T.dismiss }));
    expect(screen.queryByRole('listitem', { name: 'Installer.zip' })).toBeNull();
  });

  it("shows the spec's failure text with the server's reason, and logs it", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = setup();
    await view.choose(file());
    await view.submit();
    act(() => FakeXhr.last().respond(413, { statusCode: 413, message: FILE_TEXTS.tooLarge(MAX) }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${FILE_TEXTS.uploadFailed} ${FILE_TEXTS.tooLarge(MAX)}`));
    // Focus was on Cancel in this item: it moves to the outcome.
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
    expect(await within(item('Installer.zip')).findByText(T.canceled)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Its details are kept for another try.
    expect(view.button().disabled).toBe(false);
    expect(view.input(T.name).value).toBe('Installer');
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
});

describe('UserPicker (specific users)', () => {
  it('searches as the admin types, and is keyboard operable: arrows, Enter toggles, chips remove, Escape closes', async () => {
    const view = setup();
    await view.choose(file());
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
    await view.choose(file());
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

describe('UploadTab, several files', () => {
  it('a drop of several files makes one item each; the zone shows the drag; Upload all sends them, each with its own progress and Cancel', async () => {
    const view = setup();
    await limitsLoaded();
    // Only a drag that carries files lights the zone up.
    fireEvent.dragEnter(zone(), { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(zone().className).not.toContain('is-dragging');
    fireEvent.dragOver(zone(), { dataTransfer: { files: [], types: ['Files'], dropEffect: 'none' } });
    expect(zone().className).toContain('is-dragging');
    expect(screen.getByRole('group', { name: T.dropActive })).toBe(zone());
    dropOn(zone(), [file('A.zip', 4000), file('B.exe', 8000, '')]);
    expect(zone().className).not.toContain('is-dragging');
    expect(screen.getByText(T.added(2))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: T.items })).getAllByRole('listitem').map((li) => li.getAttribute('aria-labelledby') && li.querySelector('h3')?.textContent)).toEqual(['A.zip', 'B.exe']);

    await view.user.type(within(item('A.zip')).getByLabelText(T.version), '2.0.0');
    await view.user.click(screen.getByRole('button', { name: T.uploadAll(2) }));
    expect(FakeXhr.requests).toHaveLength(2);
    const [a, b] = FakeXhr.requests;
    expect([a.fields().name, a.fields().version, b.fields().name, b.fields().version]).toEqual(['A', '2.0.0', 'B', '']);
    act(() => a.progress(1000, 4000));
    act(() => b.progress(6000, 8000));
    expect(within(item('A.zip')).getByRole('progressbar', { name: T.progress }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(item('B.exe')).getByRole('progressbar', { name: T.progress }).getAttribute('aria-valuenow')).toBe('75');
    // Each bar and button says which file it is about.
    const bar = within(item('A.zip')).getByRole('progressbar');
    expect(document.getElementById(bar.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A.zip');

    await view.user.click(within(item('B.exe')).getByRole('button', { name: T.cancel }));
    expect([a.aborted, b.aborted]).toEqual([false, true]);
    expect(within(item('B.exe')).getByText(T.canceled)).toBeTruthy();
    act(() => a.respond(201, { id: 'f-a' }));
    expect(await within(item('A.zip')).findByText(FILE_TEXTS.uploaded)).toBeTruthy();
  });

  it(`sends ${PARALLEL_UPLOADS} at a time; the others wait their turn (and can be canceled while waiting)`, async () => {
    const view = setup();
    await limitsLoaded();
    dropOn(zone(), [file('1.zip'), file('2.zip'), file('3.zip'), file('4.zip')]);
    await view.user.click(screen.getByRole('button', { name: T.uploadAll(4) }));
    expect(FakeXhr.requests.map((r) => (r.parts().at(-1)?.[1] as File).name)).toEqual(['1.zip', '2.zip']);
    expect(within(item('3.zip')).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(T.queued);
    await view.user.click(within(item('3.zip')).getByRole('button', { name: T.cancel }));
    expect(within(item('3.zip')).getByText(T.canceled)).toBeTruthy();
    act(() => FakeXhr.requests[0].respond(201, { id: 'f-1' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    expect((FakeXhr.last().parts().at(-1)?.[1] as File).name).toBe('4.zip');
  });

  it('a file dropped outside the zone is refused, not opened by the browser', () => {
    setup();
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file()], types: ['Files'] } });
    expect(document.body.dispatchEvent(drop)).toBe(false);
    const over = new Event('dragover', { bubbles: true, cancelable: true });
    const transfer = { files: [], types: ['Files'], dropEffect: 'copy' };
    Object.defineProperty(over, 'dataTransfer', { value: transfer });
    expect(document.body.dispatchEvent(over)).toBe(false);
    expect(transfer.dropEffect).toBe('none');
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

describe('UploadTray', () => {
  let show: (tab: 'Upload' | 'Files') => void = () => undefined;
  function Console() {
    const [tab, setTab] = useState<'Upload' | 'Files'>('Upload');
    show = (next) => act(() => setTab(next));
    return (
      <>
        {tab === 'Upload' ? <UploadTab /> : <p>Another tab</p>}
        <UploadTray hidden={tab === 'Upload'} />
      </>
    );
  }

  it('keeps uploads going when the Upload tab is gone: progress, Cancel, the outcome (announced), Dismiss and a link back', async () => {
    server = fakeApi({
      'GET /admin/files/limits': { status: 200, body: { max_bytes: MAX } },
      'GET /admin/users/pick': { status: 200, body: [] },
    });
    const view = renderWithStore(<Console />, { route: '/Admin?tab=Upload', account: accountFixture({ role: 'admin' }) });
    await limitsLoaded();
    dropOn(zone(), [file('Big.zip', 9000), file('Small.zip', 10), file('Bad.zip', 10)]);
    // Only started uploads go to the tray, and not on the Upload tab itself.
    expect(screen.queryByRole('region', { name: T.trayTitle })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: T.uploadAll(3) }));
    expect(screen.queryByRole('region', { name: T.trayTitle })).toBeNull();

    // The admin opens another tab: the Upload tab unmounts, the uploads carry on in the tray.
    show('Files');
    expect(screen.queryByRole('heading', { name: T.title })).toBeNull();
    const tray = screen.getByRole('region', { name: T.trayTitle });
    expect(within(tray).getByText(T.traySummary(3, 0))).toBeTruthy();
    // Closing or reloading the page asks first while they run.
    const asks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(asks()).toBe(true);
    const row = (name: string) => within(tray).getByRole('listitem', { name });
    const [big, small] = FakeXhr.requests;
    act(() => big.progress(4500, 9000));
    expect(within(row('Big.zip')).getByRole('progressbar', { name: T.progress }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(row('Bad.zip')).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(T.queued);
    act(() => small.respond(201, { id: 'f-small' }));
    expect(await within(row('Small.zip')).findByText(FILE_TEXTS.uploaded)).toBeTruthy();
    expect(screen.getByText(T.announceDone('Small.zip')).getAttribute('role')).toBe('status');

    // The third one starts now; the api refuses it: its message shows in the tray.
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => FakeXhr.last().respond(400, { statusCode: 400, message: 'Bad', errors: { version: 'Version is too long.' } }));
    const failed = `${FILE_TEXTS.uploadFailed} Version is too long.`;
    expect(await within(row('Bad.zip')).findByText(failed)).toBeTruthy();
    expect(screen.getByText(T.announceFailed('Bad.zip', failed)).getAttribute('role')).toBe('status');

    await view.user.click(within(row('Big.zip')).getByRole('button', { name: T.cancel }));
    expect(big.aborted).toBe(true);
    expect(within(row('Big.zip')).getByText(T.canceled)).toBeTruthy();
    expect(within(tray).getByText(T.traySummary(0, 3))).toBeTruthy();
    expect(asks()).toBe(false);

    await view.user.click(within(row('Small.zip')).getByRole('button', { name: T.dismiss }));
    expect(within(tray).queryByRole('listitem', { name: 'Small.zip' })).toBeNull();
    // Collapsible, and a real link back to the Upload tab.
    const toggle = within(tray).getByRole('button', { name: T.trayHide });
    await view.user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(tray).queryByRole('listitem')).toBeNull();
    await view.user.click(within(tray).getByRole('button', { name: T.trayShow }));
    expect(within(tray).getByRole('link', { name: T.trayOpenTab }).getAttribute('href')).toBe('/Admin?tab=Upload');

    // Back on the Upload tab: the same items, the failed one with its message and details for another try.
    show('Upload');
    expect(within(item('Bad.zip')).getByRole('alert').textContent).toBe(failed);
    expect(within(item('Bad.zip')).getByLabelText(T.version).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('listitem', { name: 'Small.zip' })).toBeNull();
    show('Files');
    await view.user.click(screen.getByRole('button', { name: T.clearFinished }));
    expect(screen.queryByRole('region', { name: T.trayTitle })).toBeNull();
  });
});
