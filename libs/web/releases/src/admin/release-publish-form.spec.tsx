import { act, screen, waitFor, within } from '@testing-library/react';
import { RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T, type PublishedRelease } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { ReleasesTab } from './releases-tab';
import { FakeXhr } from '@solvr/web-files/testing';

let server: ReturnType<typeof fakeApi> | undefined;
let uninstall: () => void;
beforeEach(() => (uninstall = FakeXhr.install()));
afterEach(() => {
  server?.restore();
  uninstall();
});

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);
const artifact = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

function setup() {
  server = fakeApi({
    'GET /admin/releases': { status: 200, body: [] },
    'GET /admin/deploy-tokens': { status: 200, body: [] },
    'GET /admin/release-channels': { status: 200, body: ['stable', 'beta', 'nightly'] },
    'GET /admin/releases/activity': { status: 200, body: [] },
  });
  const view = renderWithStore(<ReleasesTab />, { account: accountFixture({ role: 'admin' }) });
  const form = () => within(screen.getByRole('region', { name: T.publishHeading }));
  const listReads = () => server?.calls.filter((c) => c.method === 'GET' && c.path === '/admin/releases').length ?? 0;
  return { ...view, form, listReads };
}

describe('ReleasesTab: publishing from the console', () => {
  it('checks the version and the files before sending anything, and says which field is wrong', async () => {
    const view = setup();
    const form = view.form();
    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    const version = form.getByLabelText(label(T.version));
    expect(version.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText(RELEASE_TEXTS.badVersion)).toBeTruthy();
    expect(document.activeElement).toBe(version);

    await view.user.type(version, '1.3.0');
    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    expect(form.getByText(T.noFilesChosen)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(label(T.files)));

    await view.user.upload(form.getByLabelText(label(T.files)), [artifact('Solvr-Setup-1.3.0.exe'), artifact('notes.txt')]);
    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    expect(form.getByText(RELEASE_TEXTS.publishUnknownFile('notes.txt'))).toBeTruthy();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('sends the fields, then every file, with the session; shows progress; says what was published and reads the list again', async () => {
    const view = setup();
    const form = view.form();
    await waitFor(() => expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual(['Stable', 'Beta', 'nightly']));
    await view.user.type(form.getByLabelText(label(T.version)), ' 1.3.0 ');
    await view.user.selectOptions(form.getByLabelText(T.channel), 'beta');
    await view.user.type(form.getByLabelText(RELEASE_TEXTS.releaseNotes), 'Faster answers.');
    await view.user.click(form.getByLabelText(T.keepDraft));
    await view.user.upload(form.getByLabelText(label(T.files)), [artifact('Solvr-Setup-1.3.0.exe', 2048), artifact('Solvr-Setup-1.3.0.exe.blockmap')]);
    expect(form.getByText(T.chosenFiles(2))).toBeTruthy();
    expect(form.getByText('Solvr-Setup-1.3.0.exe.blockmap')).toBeTruthy();
    const before = view.listReads();
    await view.user.click(form.getByRole('button', { name: T.publish }));

    const xhr = FakeXhr.last();
    expect([xhr.method, new URL(xhr.url).pathname, xhr.headers.authorization]).toEqual(['POST', '/api/releases/publish', expect.stringMatching(/^Bearer /)]);
    expect(xhr.parts().map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['version', '1.3.0'],
      ['channel', 'beta'],
      ['notes', 'Faster answers.'],
      ['draft', 'false'],
      ['file', 'Solvr-Setup-1.3.0.exe'],
      ['file', 'Solvr-Setup-1.3.0.exe.blockmap'],
    ]);
    act(() => xhr.progress(1500, 3000));
    expect(form.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(form.getByRole('button', { name: T.publishing })).toBeTruthy();

    const answer: PublishedRelease = { channel: 'beta', version: '1.3.0', state: 'published', files: [] };
    answer.files.push({ id: 'f1', file_name: 'Solvr-Setup-1.3.0.exe', platform: 'windows', arch: 'x64', size: 2048, sha512: 'x' });
    answer.files.push({ id: 'f2', file_name: 'Solvr-Setup-1.3.0.exe.blockmap', platform: 'windows', arch: 'x64', size: 1000, sha512: 'y' });
    act(() => xhr.respond(201, answer));
    expect(await form.findByText(T.publishedAs('1.3.0', 'beta', 'published', 2))).toBeTruthy();
    expect(form.queryByRole('progressbar')).toBeNull();
    expect((form.getByLabelText(label(T.version)) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(view.listReads()).toBeGreaterThan(before));
  });

  it("shows the api's refusal at its field, and Cancel stops the upload with nothing published", async () => {
    const view = setup();
    const form = view.form();
    await view.user.type(form.getByLabelText(label(T.version)), '1.3.0');
    await view.user.upload(form.getByLabelText(label(T.files)), [artifact('Solvr-1.3.0.dmg')]);
    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    act(() => FakeXhr.last().respond(400, { statusCode: 400, message: RELEASE_TEXTS.badVersion }));
    expect(await form.findByText(RELEASE_TEXTS.badVersion)).toBeTruthy();
    expect(form.getByLabelText(label(T.version)).getAttribute('aria-invalid')).toBe('true');

    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    await view.user.click(form.getByRole('button', { name: T.cancelPublish }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(await form.findByText(T.publishCanceled)).toBeTruthy();

    await view.user.click(form.getByRole('button', { name: T.saveDraft }));
    act(() => FakeXhr.last().fail());
    expect(await form.findByText(T.publishCutOff)).toBeTruthy();
  });
});
