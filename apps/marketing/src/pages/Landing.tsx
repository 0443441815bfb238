import { Link } from 'wouter';
import { LIMITS, pathTo } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { LatestUpdates, useLatestNews } from '@solvr/web-news';
import { LANDING as C } from '../content/landing';
import { PublicLayout } from '../PublicLayout';

export default function Landing() {
  const brand = useBrand();
  const latest = useLatestNews(LIMITS.landingNewsCount);
  return (
    <PublicLayout>
      <section className="mk-hero">
        <p className="mk-eyebrow">{C.eyebrow}</p>
        <h1>{C.title(brand)}</h1>
        <p className="mk-lead">{C.lead}</p>
        <div className="mk-hero-actions">
          {/* Links, not buttons: they go somewhere, and work before the page's code has arrived. */}
          <Link to={pathTo('Signin')} className="ui-btn ui-btn-primary ui-btn-lg">
            {C.tryNow}
          </Link>
          <Link to={pathTo('HowItWorks')} className="ui-btn ui-btn-outline ui-btn-lg">
            {C.howItWorks}
          </Link>
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
      <section className="mk-section" aria-labelledby="latest-updates-heading">
        <div className="mk-section-head">
          <h2 id="latest-updates-heading">{C.latestUpdates}</h2>
          <Link to={pathTo('NewsPage')} className="ui-btn ui-btn-outline ui-btn-md">
            {C.viewAllNews}
          </Link>
        </div>
        <LatestUpdates posts={latest.posts} loading={latest.loading} teamName={brand.team} empty={C.noNews} />
      </section>
    </PublicLayout>
  );
}
