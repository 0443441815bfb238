import { ADMIN_TABS, ADMIN_TEXTS as T, HEALTH_COMPONENTS, type AdminTab } from '@solvr/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, EmptyState, PageContainer, SkeletonCard, Tabs } from '@solvr/web-ui';
import { selectUser, useAppDispatch, useAppSelector } from '@solvr/web-data';
import { AdminAccessRequired } from '@solvr/web-accounts';
import { UsersSummaryStats } from '@solvr/web-accounts/admin';
import { FilesTab, UploadTab } from '@solvr/web-files/admin';
import { NewsAdminTab } from '@solvr/web-news/admin';
import { EmailCenter, TestMailActions } from '@solvr/web-mail/admin';
import { adminUi, tabChanged, useSystemHealthQuery } from '../admin.slice';

function SystemStatus() {
  const { data, isLoading } = useSystemHealthQuery();
  if (isLoading || !data) return <SkeletonCard />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.systemStatus}</CardTitle>
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

function TabContent({ tab }: { tab: AdminTab }) {
  switch (tab) {
    case 'Overview':
      return <Overview />;
    case 'Files':
      return <FilesTab />;
    case 'Upload':
      return <UploadTab />;
    case 'News':
      return <NewsAdminTab />;
    case 'Email':
      return <EmailCenter />;
    default:
      return <EmptyState title={tab} description={T.comingSoon} />;
  }
}

function Overview() {
  return (
    <div className="ad-overview">
      <div className="ad-stats">
        <UsersSummaryStats />
      </div>
      <SystemStatus />
      <TestMailActions />
    </div>
  );
}

export default function Admin() {
  const user = useAppSelector(selectUser);
  const tab = useAppSelector(adminUi.selectors.selectTab);
  const dispatch = useAppDispatch();
  if (user?.role !== 'admin') return <AdminAccessRequired />;
  return (
    <PageContainer>
      <div className="ad-heading">
        <h1>{T.title}</h1>
        <p className="ad-muted">{T.subtitle}</p>
      </div>
      <Tabs tabs={ADMIN_TABS.map((t) => ({ id: t, label: t }))} value={tab} onChange={(id) => dispatch(tabChanged(id as AdminTab))}>
        <TabContent tab={tab} />
      </Tabs>
    </PageContainer>
  );
}
