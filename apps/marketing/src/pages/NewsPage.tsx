import { useNavigate } from 'react-router-dom';
import { pathTo } from '@solvr/contracts';
import { Button, Card, CardContent, EmptyState } from '@solvr/web-ui';
import { NEWS as C } from '../content/news';
import { PublicLayout } from '../PublicLayout';

export default function NewsPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title}</h1>
        <Card>
          <CardContent>
            <EmptyState title={C.noNews.title} description={C.noNews.description} />
          </CardContent>
        </Card>
        <div className="mk-cta-band">
          <h2>{C.ctaTitle}</h2>
          <Button size="lg" onClick={() => navigate(pathTo('Signup'))}>
            {C.ctaButton}
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
