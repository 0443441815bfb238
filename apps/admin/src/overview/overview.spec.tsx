import { screen, within } from '@testing-library/react';
import { lastDays, OVERVIEW_TEXTS as T, type ReleaseActivity, type ReleaseVersionView } from '@solvr/contracts';
import { accountFixture, fakeApi, renderWithStore } from '@solvr/web-accounts/testing';
import { Overview } from './overview';

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => server?.restore());

const today = lastDays({}).at(-1)?.day as string;
const yesterday = lastDays({}).at(-2)?.day as string;

const activityDays = (downloads: Record<string, number>) => lastDays(downloads).map(({ day, count }) => ({ day, downloads: count, update_checks: 9 }));
const activity: ReleaseActivity[] = [
  { channel: 'stable', version: '1.2.0', platform: 'windows', days: activityDays({ [today]: 4 }), downloads: 4, update_checks: 270 },
  { channel: 'stable', version: '1.2.0', platform: 'macos', days: activityDays({ [today]: 1, [yesterday]: 2 }), downloads: 3, update_checks: 270 },
];
const file = (file_name: string, download_count: number) => ({ id: file_name, file_name, platform: 'windows' as const, arch: 'x64' as const, size: 1, url: `/downloads/${file_name}`, download_count });
const versions = [
  { id: 'v-1', channel: 'stable', version: '1.2.0', files: [file('Solvr-Setup-1.2.0.exe', 40), file('Solvr-Setup-1.2.0.exe.blockmap', 300), file('solvr-1.2.0-full.nupkg', 50)] },
  { id: 'v-0', channel: 'stable', version: '1.1.0', files: [file('Solvr-Setup-1.1.0.exe', 2)] },
] as unknown as ReleaseVersionView[];

describe('Overview: one definition of a download', () => {
  it("counts the library's downloads and the desktop app's installers in the tile and the chart, and says what a download is", async () => {
    server = fakeApi({
      'GET /admin/files/stats': { status: 200, body: { total_files: 3, total_downloads: 10, downloads_per_day: lastDays({ [today]: 5 }) } },
      'GET /admin/releases/activity': { status: 200, body: activity },
      'GET /admin/releases': { status: 200, body: versions },
      'GET /admin/summary': { status: 200, body: { total_users: 2, admins: 1, total_downloads: 10 } },
      'GET /admin/news': { status: 200, body: { items: [], total: 0, page: 1, limit: 1 } },
      'GET /admin/users/signups': { status: 200, body: lastDays({}) },
    });
    renderWithStore(<Overview openTab={() => undefined} />, { route: '/Admin', account: accountFixture({ role: 'admin' }) });
    // 10 library downloads and 42 of installers (block maps and update packages are no downloads).
    const tile = (await screen.findByText(T.totalDownloads)).closest('.ui-stat') as HTMLElement;
    expect(within(tile).getByText('52')).toBeTruthy();

    const chart = screen.getByRole('heading', { name: T.downloadsChart }).closest('.fa-chart') as HTMLElement;
    expect(within(chart).getByText(T.downloadsTotal(5, 7))).toBeTruthy();
    expect(within(chart).getByText(T.downloadDefinition)).toBeTruthy();
    const rows = [...chart.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows.at(-1)?.slice(1)).toEqual(['5', '5']);
    expect(rows.at(-2)?.slice(1)).toEqual(['0', '2']);
    expect(within(chart).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Day', T.libraryDownloads, T.desktopDownloads]);
  });
});
