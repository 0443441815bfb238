import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_FILES_TEXTS, OVERVIEW_TEXTS, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T, type ReleaseActivity, type ReleaseVersionView } from '@solvr/contracts';
import { accountFixture, fakeApi, heldReply, renderWithStore, type FakeCall, type FakeReply } from '@solvr/web-accounts/testing';
import { ReleasesTab } from './releases-tab';
import { rolloutPercentage } from './release-version-card';
import { releaseVersionFixture } from '../testing/release-fixtures';

const published = releaseVersionFixture();
const paused = releaseVersionFixture({ id: 'v-3', version: '2.1.0-beta.1', channel: 'beta', rollout_percentage: 10, rollout_paused: true, files: [] });
const draft = releaseVersionFixture({ id: 'v-4', version: '2.2.0', state: 'draft', files: [] });
const pulled = releaseVersionFixture({ id: 'v-1', version: '1.9.0', state: 'pulled', files: [] });
const untracked = releaseVersionFixture({ id: null, version: '1.0.20', date: '2025-08-05T12:00:00.000Z', notes: '', files: [] });

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  jest.restoreAllMocks();
});

type Route = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

function setup(versions: ReleaseVersionView[] | Route, routes: Record<string, Route> = {}) {
  server = fakeApi({
    'GET /admin/releases': Array.isArray(versions) ? { status: 200, body: versions } : versions,
    'GET /admin/deploy-tokens': { status: 200, body: [] },
    ...routes,
  });
  const view = renderWithStore(<ReleasesTab />, { account: accountFixture({ role: 'admin' }) });
  const card = (version: string) => within(screen.getByRole('article', { name: version }));
  const patches = () => server?.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body]);
  const listCalls = () => server?.calls.filter((c) => c.method === 'GET' && c.path === '/admin/releases').length;
  return { ...view, card, patches, listCalls };
}

describe('ReleasesTab: versions', () => {
  it('says it is loading, then lists the versions as the api orders them (newest first) with state, rollout, date and files', async () => {
    const held = heldReply({ status: 200, body: [draft, published, untracked] });
    const view = setup(held.route);
    expect((await screen.findByRole('status')).textContent).toContain(T.loading);
    held.release();
    await screen.findByRole('article', { name: '2.0.0' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(['2.2.0', '2.0.0', '1.0.20']);

    const card = view.card('2.0.0');
    for (const text of ['Stable', T.states.published, 'Sep 1, 2025', T.rolloutOf(100), 'Solvr-Setup-2.0.0.exe', 'Windows · x64 · 290.22 MB · 1,987 downloads', 'macOS · arm64 · 1.5 KB · 1 download']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    // Notes are text with their line breaks, never markup.
    expect(card.getByText(/Faster answers/).textContent).toBe('Faster answers.\nA new hotkey.');
    expect(card.queryByText(T.paused)).toBeNull();
    expect(card.getByRole('button', { name: T.pause })).toBeTruthy();
    expect(card.getByRole('button', { name: T.pull })).toBeTruthy();
    expect((card.getByLabelText(T.percentage) as HTMLInputElement).value).toBe('100');

    expect(view.card('2.2.0').getByText(T.states.draft)).toBeTruthy();
    expect(view.card('2.2.0').getByRole('button', { name: T.publish })).toBeTruthy();
    expect(view.card('2.2.0').queryByRole('button', { name: T.pause })).toBeNull();

    // No row yet: its state, and nothing to press.
    const old = view.card('1.0.20');
    expect(old.getByText(T.states.published)).toBeTruthy();
    expect(old.getByText(T.untracked)).toBeTruthy();
    expect(old.queryAllByRole('button')).toEqual([]);
    expect(old.queryByLabelText(T.percentage)).toBeNull();
  });

  it('says so when there is no release yet, and offers to try again when the list could not be read', async () => {
    const empty = setup([]);
    expect(await screen.findByRole('heading', { name: T.empty })).toBeTruthy();
    empty.unmount();
    server?.restore();
    // (Retry reads the list again: the same list as the public history's, see release-history.spec.tsx.)
    setup({ status: 500, body: { message: 'down' } });
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.retry })).toBeTruthy();
  });

  it('sends each change as its RolloutChange and reads the list again', async () => {
    const ok: FakeReply = { status: 200, body: { label: 'x' } };
    const view = setup([published, paused, draft, pulled], Object.fromEntries(['v-1', 'v-2', 'v-3', 'v-4'].map((id) => [`PATCH /admin/releases/${id}`, ok])));
    await screen.findByRole('article', { name: '2.0.0' });

    /** Presses a card's button once it takes clicks (not while the card's last change is on its way), and waits for the PATCH. */
    const press = async (version: string, name: string) => {
      const sent = view.patches()?.length ?? 0;
      const button = view.card(version).getByRole('button', { name }) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      await view.user.click(button);
      await waitFor(() => expect(view.patches()).toHaveLength(sent + 1));
    };
    const input = view.card('2.0.0').getByLabelText(T.percentage);
    await view.user.clear(input);
    await view.user.type(input, '25');
    await press('2.0.0', T.saveRollout);
    await press('2.0.0', T.pause);
    await press('2.1.0-beta.1', T.resume);
    await press('2.2.0', T.publish);
    await press('1.9.0', T.restore);
    expect(view.patches()).toEqual([
      ['/admin/releases/v-2', { rollout_percentage: 25 }],
      ['/admin/releases/v-2', { rollout_paused: true }],
      ['/admin/releases/v-3', { rollout_paused: false }],
      ['/admin/releases/v-4', { state: 'published' }],
      ['/admin/releases/v-1', { state: 'published' }],
    ]);
    await waitFor(() => expect(view.listCalls()).toBeGreaterThanOrEqual(5));
    // A paused beta says so; a pulled version has no rollout to set.
    expect(view.card('2.1.0-beta.1').getByText(T.paused)).toBeTruthy();
    expect(view.card('1.9.0').queryByLabelText(T.percentage)).toBeNull();
  });

  it('refuses a rollout outside 1 to 100 without asking the api', async () => {
    const view = setup([published]);
    await screen.findByRole('article', { name: '2.0.0' });
    const input = view.card('2.0.0').getByLabelText(T.percentage);
    for (const typed of ['0', '101', '12.5']) {
      await view.user.clear(input);
      await view.user.type(input, typed);
      await view.user.click(view.card('2.0.0').getByRole('button', { name: T.saveRollout }));
      expect(view.card('2.0.0').getByRole('alert').textContent).toBe(RELEASE_TEXTS.badPercentage);
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(view.patches()).toEqual([]);
    expect(['1', ' 100 ', '', '-5', 'ten'].map(rolloutPercentage)).toEqual([1, 100, null, null, null]);
  });

  it("Pull asks first with the version's consequences; Cancel sends nothing, confirming sends state 'pulled'", async () => {
    const held = heldReply({ status: 200, body: { label: 'stable 2.0.0' } });
    let versions = [published];
    const view = setup(() => ({ status: 200, body: versions }), { 'PATCH /admin/releases/v-2': held.route });
    await screen.findByRole('article', { name: '2.0.0' });
    const pull = view.card('2.0.0').getByRole('button', { name: T.pull });

    await view.user.click(pull);
    let dialog = screen.getByRole('dialog', { name: T.pull });
    expect(within(dialog).getByText(T.pullConfirm('2.0.0'))).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: ADMIN_FILES_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.patches()).toEqual([]);

    await view.user.click(pull);
    dialog = screen.getByRole('dialog', { name: T.pull });
    await view.user.click(within(dialog).getByRole('button', { name: T.pullButton }));
    expect(((await within(dialog).findByRole('button', { name: T.pulling })) as HTMLButtonElement).disabled).toBe(true);
    versions = [{ ...published, state: 'pulled' }];
    held.release();
    await waitFor(() => expect(view.card('2.0.0').getByText(T.states.pulled)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.patches()).toEqual([['/admin/releases/v-2', { state: 'pulled' }]]);
    // The same button now puts it back, and keeps the keyboard focus.
    expect(document.activeElement?.textContent).toBe(T.restore);
  });

  it("shows the api's refusal, and a general message when the api failed", async () => {
    let reply: FakeReply = { status: 404, body: { message: RELEASE_TEXTS.notFound } };
    const view = setup([published], { 'PATCH /admin/releases/v-2': () => reply });
    await screen.findByRole('article', { name: '2.0.0' });
    await view.user.click(view.card('2.0.0').getByRole('button', { name: T.pause }));
    expect((await view.card('2.0.0').findByRole('alert')).textContent).toBe(RELEASE_TEXTS.notFound);
    reply = { status: 503, body: { message: 'Service Unavailable' } };
    await view.user.click(view.card('2.0.0').getByRole('button', { name: T.pause }));
    await waitFor(() => expect(view.card('2.0.0').getByRole('alert').textContent).toBe(T.failed));
  });
});

const day = (d: string, downloads: number, update_checks: number) => ({ day: d, downloads, update_checks });
const activity: ReleaseActivity[] = [
  { channel: 'stable', version: '2.0.0', platform: 'windows', days: [day('2025-09-01', 2, 5), day('2025-09-02', 3, 7)], downloads: 5, update_checks: 12 },
  { channel: 'beta', version: '2.1.0-beta.1', platform: 'macos', days: [day('2025-09-01', 1, 0), day('2025-09-02', 0, 1)], downloads: 1, update_checks: 1 },
  { channel: 'stable', version: '1.9.0', platform: 'linux', days: [day('2025-09-01', 0, 0), day('2025-09-02', 0, 0)], downloads: 0, update_checks: 0 },
];

describe('ReleasesTab: activity', () => {
  const section = () => within(screen.getByRole('region', { name: T.activity }));

  it('charts the busiest version and platform first, another on demand, every figure also in a table', async () => {
    const view = setup([published], { 'GET /admin/releases/activity': { status: 200, body: activity } });
    const label = T.activityLabel('2.0.0', 'stable', 'windows');
    expect(await section().findByRole('heading', { level: 4, name: label })).toBeTruthy();
    expect(server?.calls.find((c) => c.path === '/admin/releases/activity')?.search).toBe('?days=30');
    expect(section().getByText(T.activityTotal(5, 12))).toBeTruthy();
    const table = section().getByRole('table', { name: OVERVIEW_TEXTS.chartTable(label) });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([`${OVERVIEW_TEXTS.day}${T.downloads}${T.updateChecks}`, 'Sep 125', 'Sep 237']);

    // Versions without any activity are not offered.
    const pick = section().getByLabelText(T.activityOf) as HTMLSelectElement;
    expect([...pick.options].map((o) => o.textContent)).toEqual([
      `${label} · ${T.activityTotal(5, 12)}`,
      `${T.activityLabel('2.1.0-beta.1', 'beta', 'macos')} · ${T.activityTotal(1, 1)}`,
    ]);
    await view.user.selectOptions(pick, pick.options[1]);
    expect(section().getByRole('heading', { level: 4, name: T.activityLabel('2.1.0-beta.1', 'beta', 'macos') })).toBeTruthy();
  });

  it('says when nothing happened yet, and when the api has no activity to give (404)', async () => {
    const quiet = setup([published], { 'GET /admin/releases/activity': { status: 200, body: [activity[2]] } });
    expect(await section().findByText(T.activityEmpty)).toBeTruthy();
    quiet.unmount();
    server?.restore();
    setup([published]);
    expect(await section().findByText(T.activityUnavailable)).toBeTruthy();
    expect(section().queryByRole('table')).toBeNull();
  });
});

describe('ReleasesTab: channels', () => {
  it('lists the channels and adds one; a bad name is refused with the shared rule, without asking the api', async () => {
    let channels = ['stable', 'beta'];
    const view = setup([published], {
      'GET /admin/release-channels': () => ({ status: 200, body: channels }),
      'POST /admin/release-channels': (call) => {
        channels = [...channels, (call.body as { name: string }).name];
        return { status: 201, body: channels };
      },
    });
    const list = await screen.findByRole('list', { name: T.channelsHeading });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Stable', 'Beta']));

    const field = screen.getByLabelText(T.channelName);
    await view.user.type(field, 'Night-ly');
    await view.user.click(screen.getByRole('button', { name: T.addChannel }));
    expect(await screen.findByText(RELEASE_TEXTS.badChannelName)).toBeTruthy();
    expect(server?.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await view.user.clear(field);
    await view.user.type(field, 'nightly');
    await view.user.click(screen.getByRole('button', { name: T.addChannel }));
    expect(await screen.findByText(T.channelAdded('nightly'))).toBeTruthy();
    expect(server?.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/admin/release-channels', body: { name: 'nightly' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Stable', 'Beta', 'nightly']));
  });
});
