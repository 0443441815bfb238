import { screen, waitFor, within } from '@testing-library/react';
import { RELEASE_TEXTS, type ReleaseView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeReply } from '@solvr/web-accounts/testing';
import { browserNavigation, DashboardStats } from '@solvr/web-files';
import { MAC_UA, MB, pretendUserAgent, releaseFixture } from '../testing/release-fixtures';
import { AvailableDownloadsCard } from './available-downloads';

let server: ReturnType<typeof fakeApi> | undefined;
let restoreAgent: (() => void) | undefined;
afterEach(() => {
  server?.restore();
  restoreAgent?.();
  restoreAgent = undefined;
  jest.restoreAllMocks();
});

const stable = releaseFixture();
const beta = releaseFixture({
  id: 'r-beta',
  channel: 'beta',
  name: 'Beta',
  version: '0.99',
  file_name: 'Solvr-Setup-0.99.zip',
  file_type: 'zip',
  file_size: Math.round(275.34 * MB),
  download_count: 14768,
  release_notes: '',
});
const mac = releaseFixture({ id: 'r-mac', platform: 'macos', name: 'Installer for Mac', version: '1.1.0', file_name: 'Solvr-1.1.0-mac.zip' });

function setup(releases: ReleaseView[] | FakeReply | (() => Promise<FakeReply>), routes: Record<string, FakeReply> = {}) {
  server = fakeApi({
    'GET /files/summary': { status: 200, body: { total_files: 12, available_files: 7, your_downloads: 125564, new_this_week: 2, most_popular: null } },
    'GET /releases': Array.isArray(releases) ? { status: 200, body: { releases, waiting: [] } } : releases,
    ...routes,
  });
  return renderWithStore(
    <>
      <h1>Dashboard</h1>
      <DashboardStats />
      <AvailableDownloadsCard />
    </>,
    { route: '/Dashboard', account: accountFixture() },
  );
}

const row = (name: RegExp) => screen.getByRole('article', { name });

describe('Dashboard: Available Downloads', () => {
  it('lists the latest stable and beta releases (Windows when the visitor has none) with type, size, count and notes', async () => {
    setup([mac, beta, stable]);
    const installer = within(await screen.findByRole('article', { name: 'Installer v1.0.20' }));
    expect(installer.getByText('ZIP')).toBeTruthy();
    expect(installer.getByText('290.22 MB')).toBeTruthy();
    expect(installer.getByText('1,987 downloads')).toBeTruthy();
    expect(installer.getByText('Stable')).toBeTruthy();
    expect(installer.getByText(/Unzip the download and run the \.exe installer\./)).toBeTruthy();
    expect(installer.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/HowItWorks');
    // Release notes start collapsed.
    const notes = installer.getByText('Release notes').closest('details') as HTMLDetailsElement;
    expect(notes.open).toBe(false);
    expect(notes.textContent).toContain('First public release');

    const betaRow = within(row(/^Beta v0\.99/));
    expect(betaRow.getByText('ZIP')).toBeTruthy();
    expect(betaRow.getByText('275.34 MB')).toBeTruthy();
    expect(betaRow.getByText('14,768 downloads')).toBeTruthy();
    expect(betaRow.queryByRole('link', { name: 'Documentation' })).toBeNull();
    expect(betaRow.queryByText('Release notes')).toBeNull();
    // jsdom says Linux: no Linux release, so the Mac one is not offered.
    expect(screen.queryByRole('article', { name: /Installer for Mac/ })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("prefers the visitor's own platform", async () => {
    restoreAgent = pretendUserAgent(MAC_UA, 'MacIntel');
    setup([mac, beta, stable]);
    expect(await screen.findByRole('article', { name: 'Installer for Mac v1.1.0' })).toBeTruthy();
    expect(within(row(/Installer for Mac/)).getByText(/move the app to your Applications folder/)).toBeTruthy();
    // No Mac beta: the Windows beta.
    expect(row(/^Beta v0\.99/)).toBeTruthy();
  });

  it('Download sends the browser to the release at its /downloads/ URL: no link to ask the api for', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([stable, beta]);
    await view.user.click(within(await screen.findByRole('article', { name: 'Installer v1.0.20' })).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stable.url));
    await view.user.click(within(row(/^Beta/)).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith(beta.url));
    expect(server?.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says the installer is coming for the seeded placeholders, downloads nothing, and downloads the real one once uploaded', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const seeded = [releaseFixture({ placeholder: true, file_size: 232 }), { ...beta, placeholder: true, file_size: 232 }];
    const view = setup(seeded);
    const installer = within(await screen.findByRole('article', { name: 'Installer v1.0.20' }));
    const coming = installer.getByRole('button', { name: 'Installer coming soon' }) as HTMLButtonElement;
    expect(coming.textContent).toBe(RELEASE_TEXTS.installerComing);
    expect(coming.disabled).toBe(true);
    expect(within(row(/^Beta/)).getByRole('button', { name: 'Installer coming soon' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    // The README archive's size is not the installer's.
    expect(installer.queryByText('232 B')).toBeNull();
    expect(installer.getByText('1,987 downloads')).toBeTruthy();
    await view.user.click(coming);
    expect(server?.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    view.unmount();
    server?.restore();

    // An admin published the real installer: it is the latest stable release, with its Download.
    setup([{ ...stable, id: 'r-real', version: '1.0.21', url: '/downloads/Solvr-Setup-1.0.21.exe' }, { ...beta, placeholder: true }]);
    const real = within(await screen.findByRole('article', { name: 'Installer v1.0.21' }));
    await view.user.click(real.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/downloads/Solvr-Setup-1.0.21.exe'));
    expect(within(row(/^Beta/)).getByRole('button', { name: 'Installer coming soon' })).toBeTruthy();
  });

  it('shows skeletons while loading and an empty state when there is no release', async () => {
    const held = heldReply({ status: 200, body: { releases: [], waiting: [] } });
    setup(held.route);
    expect(document.querySelectorAll('[data-testid="skeleton-card"]').length).toBe(2);
    held.release();
    expect(await screen.findByRole('heading', { name: 'No installer is available yet' })).toBeTruthy();
  });

  it('falls back to the empty state when the releases cannot be loaded', async () => {
    setup({ status: 500, body: { message: 'boom' } });
    expect(await screen.findByRole('heading', { name: 'No installer is available yet' })).toBeTruthy();
  });

  it('links to the installer page and the library', async () => {
    const view = setup([stable]);
    await view.user.click(screen.getByRole('button', { name: 'All platforms and checksums' }));
    expect(view.location()).toBe('/SolvrDownload');
    await view.user.click(screen.getByRole('button', { name: 'Open the Downloads library' }));
    expect(view.location()).toBe('/Downloads');
  });
});
