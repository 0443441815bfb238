import { useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, EmptyState } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';

export default function NewsPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>Latest News &amp; Updates</h1>
        <Card>
          <CardContent>
            <EmptyState title="No news available" description="Check back later for updates and announcements." />
          </CardContent>
        </Card>
        <div className="mk-cta-band">
          <h2>Ready to get started?</h2>
          <Button size="lg" onClick={() => navigate('/Signup')}>
            Sign up free
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
