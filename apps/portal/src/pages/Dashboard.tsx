import { useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, PageContainer, Stat } from '@solvr/web-ui';
import { selectUser, useAppSelector } from '@solvr/web-data';

export default function Dashboard() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>Welcome back, {user?.email}!</h1>
        <p className="pt-muted">Here&apos;s what&apos;s available for you today.</p>
      </div>
      <div className="pt-grid-3">
        <Stat label="Available Files" value="—" />
        <Stat label="Your Downloads" value={user?.download_count ?? 0} />
        <Stat label="New This Week" value="—" />
      </div>
      <div className="pt-columns">
        <Card>
          <CardHeader>
            <CardTitle>Available Downloads</CardTitle>
          </CardHeader>
          <CardContent>
            <EmptyState title="No files are available for download at this time" />
            <Button variant="outline" onClick={() => navigate('/Downloads')}>
              Open the Downloads library
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>More News</CardTitle>
          </CardHeader>
          <CardContent>
            <EmptyState title="No news available" description="Check back later for updates and announcements." />
            <Button variant="outline" onClick={() => navigate('/newspage')}>
              View All News
            </Button>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
