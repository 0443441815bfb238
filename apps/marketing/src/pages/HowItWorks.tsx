import { Link } from 'wouter';
import { pathTo } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle, Stat } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { HOW_IT_WORKS as C } from '../content/how-it-works';
import { PublicLayout } from '../PublicLayout';

/**
 * How It Works (spec section 2): a back-to-home link, four steps, four benefit cards, proven results, and
 * "Get Started Now - It's Free" to sign-up, which carries the Dashboard as the page to return to after signing in.
 */
export default function HowItWorks() {
  const brand = useBrand();
  return (
    <PublicLayout>
      <section className="mk-section">
        <Link to={pathTo('Landing')} className="mk-back">
          <span aria-hidden="true">← </span>
          {C.backToHome}
        </Link>
        <h1>{C.title}</h1>
        <p className="mk-lead mk-lead-left">{C.lead(brand)}</p>
        <section aria-labelledby="hiw-steps" className="mk-block">
          <h2 id="hiw-steps">{C.stepsTitle}</h2>
          <ol className="mk-grid-4 mk-steps">
            {C.steps.map((s) => (
              <li key={s.title}>
                <Card>
                  <CardHeader>
                    <CardTitle>{s.title}</CardTitle>
                    <CardDescription>{s.text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="hiw-benefits" className="mk-block">
          <h2 id="hiw-benefits">{C.benefitsTitle}</h2>
          <div className="mk-grid-4">
            {C.benefits.map((b) => (
              <Card key={b.title}>
                <CardHeader>
                  <CardTitle>{b.title}</CardTitle>
                  <CardDescription>{b.text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
        <section aria-labelledby="hiw-stats" className="mk-block">
          <h2 id="hiw-stats">{C.statsTitle}</h2>
          <div className="mk-grid-3">
            {C.stats.map((s) => (
              <Stat key={s.label} label={s.label} value={s.value} />
            ))}
          </div>
        </section>
        <div className="mk-cta-band">
          <Link className="ui-btn ui-btn-primary ui-btn-lg" to={pathTo('Signup')} state={{ from: pathTo('Dashboard') }}>
            {C.getStarted}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
