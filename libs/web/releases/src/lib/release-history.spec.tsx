import { screen, within } from '@testing-library/react';
import { RELEASE_HISTORY_TEXTS as T, type ReleaseVersionView } from '@solvr/contracts';
import { fakeApi, heldReply, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { ReleaseHistory } from './release-history';
import { releaseVersionFixture } from '../testing/release-fixtures';

const stable = releaseVersionFixture({
  notes: 'Faster answers.\n**New** hotkey.',
  // As the api renders and sanitises the notes' Markdown.
  notes_html: '<p>Faster answers.<br />\n<strong>New</strong> hotkey.</p>',
  files: [
    ...releaseVersionFixture().files,
    { id: 'f-map', file_name: 'Solvr-Setup-2.0.0.exe.blockmap', platform: 'windows', arch: 'x64', size: 2048, url: '/downloads/Solvr-Setup-2.0.0.exe.blockmap', download_count: 0 },
  ],
});
const beta = releaseVersionFixture({ id: 'v-1', channel: 'beta', version: '2.1.0-beta.1', notes: '', notes_html: '', date: '2025-09-10T12:00:00.000Z', files: [] });

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

function setup(reply: FakeReply | (() => Promise<FakeReply>)) {
  server = fakeApi({ 'GET /releases/history': reply });
  // A visitor: no session.
  return renderWithStore(<ReleaseHistory />);
}

describe('ReleaseHistory (/Releases)', () => {
  it('says it is loading, then each version newest first with its channel, date, notes as the api rendered them and files with links', async () => {
    const held = heldReply({ status: 200, body: [beta, stable] satisfies ReleaseVersionView[] });
    setup(held.route);
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeTruthy();
    expect(screen.getByText(T.intro)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(T.loading);
    held.release();

    const entries = await screen.findAllByRole('article');
    expect(entries.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual(['Solvr 2.1.0-beta.1', 'Solvr 2.0.0']);
    const first = within(entries[0]);
    expect(first.getByText('Beta')).toBeTruthy();
    expect(first.getByText('Sep 10, 2025').getAttribute('datetime')).toBe(beta.date);
    expect(first.queryByRole('heading', { name: T.files })).toBeNull();

    const second = within(entries[1]);
    expect(second.getByText('Stable')).toBeTruthy();
    // The notes' Markdown as the api rendered it: formatting kept.
    const notes = second.getByText(/Faster answers/);
    expect(notes.outerHTML).toBe(stable.notes_html.replace('<br />', '<br>'));
    expect(notes.querySelector('strong')?.textContent).toBe('New');

    expect(second.getByRole('heading', { level: 3, name: T.files })).toBeTruthy();
    const links = second.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Solvr-Setup-2.0.0.exe', '/downloads/Solvr-Setup-2.0.0.exe'],
      ['Solvr-2.0.0-arm64.dmg', '/downloads/Solvr-2.0.0-arm64.dmg'],
    ]);
    // Platform, architecture and size as the rest of the site writes them; block maps are for updaters, not people.
    expect(second.getByText('Windows · x64 · 290.22 MB')).toBeTruthy();
    expect(second.getByText('macOS · arm64 · 1.5 KB')).toBeTruthy();
    expect(second.queryByText(/blockmap/)).toBeNull();
  });

  it('says when nothing has been published yet', async () => {
    setup({ status: 200, body: [] });
    expect(await screen.findByRole('heading', { name: T.empty })).toBeTruthy();
  });

  it('says when the history could not be read, and tries again', async () => {
    const view = setup({ status: 503, body: { message: 'down' } });
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
    server?.restore();
    server = fakeApi({ 'GET /releases/history': { status: 200, body: [stable] } });
    await view.user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('article', { name: 'Solvr 2.0.0' })).toBeTruthy();
  });
});
