import { screen, waitFor, within } from '@testing-library/react';
import { PORTAL_TEXTS, RELEASE_TEXTS, type ReleaseView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { MB, releaseFixture } from '../testing/release-fixtures';
import { DesktopAppEntries } from './desktop-app-entries';

const T = PORTAL_TEXTS.downloads;

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

function setup(reply: FakeReply | ReturnType<typeof heldReply>['route']) {
  server = fakeApi({ 'GET /releases': reply });
  return renderWithStore(<DesktopAppEntries />, { route: '/Downloads', account: accountFixture() });
}
const answer = (releases: ReleaseView[]): FakeReply => ({ status: 200, body: { releases, waiting: [] } });

describe('DesktopAppEntries (the library)', () => {
  it("shows one entry per channel's current version with its platforms and sizes, its notes, and a link to the download page", async () => {
    const mac = releaseFixture({ id: 'r-mac', platform: 'macos', file_name: 'Solvr-1.0.20-arm64.dmg', file_size: Math.round(120.5 * MB) });
    const beta = releaseFixture({ id: 'r-beta', channel: 'beta', version: '1.1.0-beta.1', file_size: Math.round(1.5 * MB), release_notes: '', release_notes_html: '' });
    setup(answer([releaseFixture(), mac, beta]));
    const entries = await screen.findAllByRole('article');
    expect(screen.getByRole('heading', { level: 2, name: T.desktopApp('Solvr') })).toBeTruthy();
    expect(entries.map((e) => within(e).getByRole('heading', { level: 3 }).textContent)).toEqual(['Solvr Stable v1.0.20', 'Solvr Beta v1.1.0-beta.1']);

    const stable = within(entries[0]);
    const platforms = within(stable.getByRole('list', { name: T.platformsOf }));
    expect(platforms.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Windows · 290.22 MB', 'macOS · 120.5 MB']);
    // The notes as the api rendered them (sanitised there), folded under their summary.
    expect(stable.getByText(RELEASE_TEXTS.releaseNotes).closest('details')?.querySelector('li')?.textContent).toBe('First public release');
    expect(stable.getByRole('link', { name: T.openDownloadPage }).getAttribute('href')).toBe('/SolvrDownload');
    // No file names, block maps or Download buttons: the desktop app is a product, not files.
    expect(stable.queryByText(/Solvr-Setup|\.blockmap|\.dmg/)).toBeNull();
    expect(stable.queryByRole('button')).toBeNull();

    const betaEntry = within(entries[1]);
    expect(within(betaEntry.getByRole('list', { name: T.platformsOf })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Windows · 1.5 MB']);
    expect(betaEntry.queryByText(RELEASE_TEXTS.releaseNotes)).toBeNull();
  });

  it('says the installer is coming for a channel that has only the seeded placeholders', async () => {
    setup(answer([releaseFixture({ placeholder: true })]));
    const entry = within(await screen.findByRole('article'));
    expect(entry.getByText(RELEASE_TEXTS.installerComing)).toBeTruthy();
    expect(entry.queryByRole('list', { name: T.platformsOf })).toBeNull();
  });

  it('shows nothing while the releases load (the library has its skeletons), nor when there is no release', async () => {
    const held = heldReply(answer([]));
    const view = setup(held.route);
    expect(view.container.innerHTML).toBe('');
    held.release();
    await waitFor(() => expect(server?.calls.some((c) => c.path === '/releases')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.innerHTML).toBe('');
  });
});
