import { MESSAGES } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, PageContainer, SkeletonCard, Stat, Tabs } from '@solvr/web-ui';
import { selectUser, useAppDispatch, useAppSelector, useLazyMeQuery, userUpdated } from '@solvr/web-data';
import { ADMIN_TABS, adminUi, tabChanged, useSummaryQuery, useSystemHealthQuery, type AdminTab } from '../admin.slice';

function NotAdmin() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [loadMe, { isFetching }] = useLazyMeQuery();
  const refresh = async () => {
    const result = await loadMe();
    if (result.data) dispatch(userUpdated(result.data));
  };
  return (
    <PageContainer>
      <Card className="ad-denied">
        <CardHeader>
          <CardTitle>{MESSAGES.access.deniedTitle}</CardTitle>
          <CardDescription>{MESSAGES.access.notAdmin}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="ad-facts">
            <dt>Email</dt>
            <dd>{user?.email}</dd>
            <dt>Role</dt>
            <dd>{user?.role}</dd>
          </dl>
          <Button onClick={refresh} loading={isFetching}>
            {MESSAGES.access.refreshUser}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function SystemStatus() {
  const { data, isLoading } = useSystemHealthQuery();
  if (isLoading || !data) return <SkeletonCard />;
  const parts = ['database', 'queue', 'storage', 'mail'] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>System status</CardTitle>
      </CardHeader>
      <CardContent className="ad-status">
        {parts.map((p) => (
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

function Overview() {
  const { data } = useSummaryQuery();
  return (
    <div className="ad-overview">
      <div className="ad-stats">
        <Stat label="Total Users" value={data?.total_users ?? '…'} />
        <Stat label="Admins" value={data?.admins ?? '…'} />
      </div>
      <SystemStatus />
    </div>
  );
}

export default function Admin() {
  const user = useAppSelector(selectUser);
  const tab = useAppSelector(adminUi.selectors.selectTab);
  const dispatch = useAppDispatch();
  if (user?.role !== 'admin') return <NotAdmin />;
  return (
    <PageContainer>
      <div className="ad-heading">
        <h1>Admin Dashboard</h1>
        <p className="ad-muted">Manage files, users, and system settings.</p>
      </div>
      <Tabs tabs={ADMIN_TABS.map((t) => ({ id: t, label: t }))} value={tab} onChange={(id) => dispatch(tabChanged(id as AdminTab))}>
        {tab === 'Overview' ? <Overview /> : <EmptyState title={tab} description="This section is being prepared." />}
      </Tabs>
    </PageContainer>
  );
}
