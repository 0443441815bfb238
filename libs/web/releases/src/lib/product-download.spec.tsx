import { screen, waitFor, within } from '@testing-library/react';
import { RELEASE_TEXTS, type Platform, type ReleaseView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '@solvr/web-accounts/testing';
import { MAC_UA, pretendUserAgent, releaseFixture, WINDOWS_UA } from '../testing/release-fixtures';
import { browserNavigation } from '@solvr/web-files';
import { ProductDownloadView } from './product-download';

let server: ReturnType<typeof fakeApi> | undefined;
let restoreAgent: (() => void) | undefined;
afterEach(() => {
  server?.restore();
  restoreAgent?.();
  restoreAgent = undefined;
  jest.restoreAllMocks();
});

const windows = releaseFixture();
const windowsBeta = releaseFixture({ id: 'r-beta', channel: 'beta', name: 'Beta', version: '0.99' });

function setup(
  releases: ReleaseView[],
  waiting: Platform[] = [],
  routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>)> = {},
) {
  server = fakeApi({ 'GET /releases': { status: 200, body: { releases, waiting } }, ...routes });
  return renderWithStore(<ProductDownloadView />, { route: '/SolvrDownload', account: accountFixture() });
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('ProductDownloadView', () => {
  it("shows the latest stable release of the visitor's platform with its facts, checksum, notes and instructions", async () => {
    restoreAgent = pretendUserAgent(WINDOWS_UA, 'Win32');
    const view = setup([windowsBeta, windows]);
    expect(screen.getByRole('heading', { level: 1, name: 'Download Solvr' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Installer' })).toBeTruthy();
    expect(screen.getByText('Windows installer v1.0.20. macOS is coming. Linux maybe.')).toBeTruthy();
    expect(radio('Windows').checked).toBe(true);
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.fl-facts > div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]),
    );
    expect(facts).toMatchObject({
      Version: '1.0.20',
      Type: 'ZIP',
      Size: '290.22 MB',
      Downloads: '1,987',
      Released: 'Aug 5, 2025',
      'SHA-256': expect.stringContaining(windows.sha256),
    });
    expect(screen.getByText('Unzip the download and run the .exe installer.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Release notes' })).toBeTruthy();
    expect(screen.getByText(/First public release/)).toBeTruthy();

    await view.user.click(screen.getByRole('button', { name: 'Copy SHA-256' }));
    expect(await navigator.clipboard.readText()).toBe(windows.sha256);
    expect(screen.getByText('Copied to clipboard!').getAttribute('role')).toBe('status');
  });

  it('for a seeded placeholder says the installer is coming: no Download, no size or checksum of the stand-in archive', async () => {
    restoreAgent = pretendUserAgent(WINDOWS_UA, 'Win32');
    const view = setup([releaseFixture({ placeholder: true, file_size: 232 })]);
    const coming = (await screen.findByRole('button', { name: 'Installer coming soon' })) as HTMLButtonElement;
    expect(coming.textContent).toBe(RELEASE_TEXTS.installerComing);
    expect(coming.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByText('Windows is coming. macOS is coming. Linux maybe.')).toBeTruthy();
    const terms = [...document.querySelectorAll('.fl-facts dt')].map((d) => d.textContent);
    expect(terms).toEqual(['Version', 'Type', 'Downloads', 'Released']);
    await view.user.click(coming);
    expect(server?.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('Download sends the browser to the release at its /downloads/ URL, which counts it: no link to ask the api for', async () => {
    restoreAgent = pretendUserAgent(WINDOWS_UA);
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const view = setup([windows], []);
    await view.user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(windows.url));
    expect(windows.url).toMatch(/^\/downloads\//);
    expect(server?.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('defaults to the detected platform: a Mac without a release hears that macOS is coming and may ask to be told', async () => {
    restoreAgent = pretendUserAgent(MAC_UA, 'MacIntel');
    const held = heldReply({ status: 204 });
    const view = setup([windows], [], { 'POST /releases/notify': held.route });
    expect(await screen.findByText('macOS is coming.')).toBeTruthy();
    expect(radio('macOS').checked).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'macOS' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Notify me' }) as HTMLButtonElement).disabled).toBe(true));
    held.release();
    const saved = await screen.findByText('We will e-mail you once, when the macOS version is out.');
    expect(document.activeElement).toBe(saved);
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
    expect(server?.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/releases/notify', body: { platform: 'macos' } });
  });

  it('switches platform with the radio group (keyboard too); a platform already waited for shows the saved text', async () => {
    restoreAgent = pretendUserAgent(WINDOWS_UA);
    const view = setup([windows], ['linux']);
    await screen.findByRole('heading', { level: 2, name: 'Installer' });
    expect(screen.getByRole('group', { name: 'Platform' })).toBeTruthy();
    // user-event walks a radio group with CSS.escape, which jsdom lacks (the names here are plain useId values).
    const withCss = globalThis as { CSS?: { escape?: (s: string) => string } };
    withCss.CSS ??= {};
    withCss.CSS.escape ??= (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`);
    radio('Windows').focus();
    await view.user.keyboard('{ArrowRight}');
    expect(radio('macOS').checked).toBe(true);
    expect(screen.getByText('macOS is coming.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
    await view.user.click(radio('Linux'));
    expect(screen.getByText('Linux maybe.')).toBeTruthy();
    expect(screen.getByText('We will e-mail you once, when the Linux version is out.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
    await view.user.click(radio('Windows'));
    expect(screen.getByRole('heading', { level: 2, name: 'Installer' })).toBeTruthy();
  });

  it('an unknown system (phone) starts on Windows; a failed Notify me says so', async () => {
    restoreAgent = pretendUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)');
    const view = setup([], [], { 'POST /releases/notify': { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText('Windows is coming.')).toBeTruthy();
    expect(radio('Windows').checked).toBe(true);
    await view.user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save your request. Please try again.');
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
  });

  it('offers to try again when the releases cannot be loaded', async () => {
    let reply: FakeReply = { status: 500, body: { message: 'boom' } };
    server = fakeApi({ 'GET /releases': () => reply });
    const view = renderWithStore(<ProductDownloadView />, { account: accountFixture() });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the installers. Please try again.');
    reply = { status: 200, body: { releases: [], waiting: [] } };
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Linux maybe.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Platform' })).getAllByRole('radio')).toHaveLength(3);
  });
});
