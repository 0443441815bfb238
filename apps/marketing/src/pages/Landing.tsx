import { useNavigate } from 'react-router-dom';
import { pathTo } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { LANDING as C } from '../content/landing';
import { PublicLayout } from '../PublicLayout';

export default function Landing() {
  const navigate = useNavigate();
  const brand = useBrand();
  return (
    <PublicLayout>
      <section className="mk-hero">
        <p className="mk-eyebrow">{C.eyebrow}</p>
        <h1>{C.title(brand)}</h1>
        <p className="mk-lead">{C.lead}</p>
        <div className="mk-hero-actions">
          <Button size="lg" onClick={() => navigate(pathTo('Signin'))}>
            {C.tryNow}
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate(pathTo('HowItWorks'))}>
            {C.howItWorks}
          </Button>
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-grid-4">
          {C.features.map((f) => (
            <Card key={f.title}>
              <CardHeader>
                <CardTitle as="h2">{f.title}</CardTitle>
                <CardDescription>{f.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-section-head">
          <h2>{C.latestUpdates}</h2>
          <Button variant="outline" onClick={() => navigate(pathTo('NewsPage'))}>
            {C.viewAllNews}
          </Button>
        </div>
        <Card>
          <CardContent>
            <EmptyState title={C.noNews.title} description={C.noNews.description} />
          </CardContent>
        </Card>
      </section>
    </PublicLayout>
  );
}
