import { Link } from 'wouter';
import { type AdminTab, formatRevenue, HEALTH_COMPONENTS, ADMIN_TEXTS, LIMITS, OVERVIEW_TEXTS as T, pathTo } from '@solvr/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, SkeletonCard, Stat } from '@solvr/web-ui';
import { useSignupsQuery, useUsersSummaryQuery } from '@solvr/web-accounts/admin';
import { DailyChart, useFileStatsQuery, useRevenueQuery } from '@solvr/web-files/admin';
import { useAdminNewsQuery } from '@solvr/web-news/admin';
import { useDesktopDownloads } from '@solvr/web-releases/admin';
import { TestMailActions } from '@solvr/web-mail/admin';
import { useSystemHealthQuery } from '../admin.api';
import { AuditLog } from '../audit/audit-log';

const figure = (n: number) => n.toLocaleString('en-US');

type DownloadsDay = { day: string; library: number; desktop: number };
const DOWNLOAD_SERIES = [
  { key: 'library', label: T.libraryDownloads, fill: '#2563eb', stroke: '#1e3a8a' },
  { key: 'desktop', label: T.desktopDownloads, fill: '#16a34a', stroke: '#14532d' },
] as const;

function SystemStatus() {
  const { data, isLoading } = useSystemHealthQuery();
  if (isLoading || !data) return <SkeletonCard />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{ADMIN_TEXTS.systemStatus}</CardTitle>
      </CardHeader>
      <CardContent className="ad-status">
        {HEALTH_COMPONENTS.map((p) => (
          <div key={p} className="ad-status-row">
            <span className="ad-status-name">{p}</span>
            <span className="ad-muted">{data[p].driver}</span>
            <Badge variant={data[p].status === 'up' ? 'success' : 'danger'}>{data[p].status}</Badge>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** Spec section 2, Overview: four counts, quick actions, the test mails and the Migration Guide; then charts and the audit log. */
export function Overview({ openTab }: { openTab(tab: AdminTab): void }) {
  const { data: users } = useUsersSummaryQuery();
  const { data: files } = useFileStatsQuery();
  const { data: news } = useAdminNewsQuery({ page: 1, limit: 1 });
  const { data: signups } = useSignupsQuery();
  const { data: revenue } = useRevenueQuery();
  // One definition of a download: the library's and the desktop app's, as the Releases chart counts the latter.
  const desktop = useDesktopDownloads();
  const downloads: DownloadsDay[] | undefined =
    files && desktop ? files.downloads_per_day.map((d) => ({ day: d.day, library: d.count, desktop: desktop.perDay.get(d.day) ?? 0 })) : undefined;
  const actions: Array<{ tab: AdminTab; label: string; hint: string }> = [
    { tab: 'Upload', label: T.uploadFiles, hint: T.uploadFilesHint },
    { tab: 'News', label: T.manageNews, hint: T.manageNewsHint },
    { tab: 'Email', label: T.sendEmail, hint: T.sendEmailHint },
  ];
  return (
    <div className="ad-overview">
      {users && files && news && desktop ? (
        <div className="ad-stats">
          <Stat label={T.totalFiles} value={figure(files.total_files)} />
          <Stat label={T.totalUsers} value={figure(users.total_users)} />
          <Stat label={T.totalDownloads} value={figure(files.total_downloads + desktop.total)} />
          <Stat label={T.newsPosts} value={figure(news.total)} />
          <Stat label={T.totalRevenue} value={revenue ? formatRevenue(revenue.revenue) : '…'} />
        </div>
      ) : (
        <div className="ad-stats" aria-busy="true">
          {Array.from({ length: LIMITS.skeletons.admin }, (_, i) => (
            <SkeletonCard key={i} lines={1} />
          ))}
        </div>
      )}
      <section aria-labelledby="ad-quick-heading" className="ad-quick">
        <h2 id="ad-quick-heading" className="ui-sr-only">
          {T.quickActions}
        </h2>
        <ul className="ad-quick-list">
          {actions.map((a) => (
            <li key={a.tab}>
              <button type="button" className="ad-quick-card" onClick={() => openTab(a.tab)}>
                <span className="ad-quick-title">{a.label}</span>
                <span className="ad-muted">{a.hint}</span>
              </button>
            </li>
          ))}
          <li>
            <Link className="ad-quick-card" to={pathTo('MigrationGuide')}>
              <span className="ad-quick-title">{T.migrationGuide}</span>
              <span className="ad-muted">{T.migrationGuideHint}</span>
            </Link>
          </li>
        </ul>
        <TestMailActions />
      </section>
      <div className="ad-charts">
        <DailyChart
          title={T.downloadsChart}
          data={downloads}
          series={DOWNLOAD_SERIES}
          summary={([library, desktopCount]) => T.downloadsTotal(library, desktopCount)}
          note={T.downloadDefinition}
        />
        <DailyChart title={T.signupsChart} data={signups} />
      </div>
      <SystemStatus />
      <AuditLog />
    </div>
  );
}
