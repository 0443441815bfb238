import { Link } from 'wouter';
import { pathTo } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { ABOUT as C } from '../content/about';
import { PublicLayout } from '../PublicLayout';

/** About (spec section 2): mission, three values, two team cards, the contact block and Get Started. */
export default function About() {
  const brand = useBrand();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title(brand)}</h1>
        <section aria-labelledby="about-mission" className="mk-block">
          <h2 id="about-mission">{C.missionTitle}</h2>
          <p className="mk-lead mk-lead-left">{C.mission(brand)}</p>
        </section>
        <section aria-labelledby="about-values" className="mk-block">
          <h2 id="about-values">{C.valuesTitle}</h2>
          <div className="mk-grid-3">
            {C.values.map((v) => (
              <Card key={v.title}>
                <CardHeader>
                  <CardTitle>{v.title}</CardTitle>
                  <CardDescription>{v.text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
        <section aria-labelledby="about-team" className="mk-block">
          <h2 id="about-team">{C.teamTitle}</h2>
          <div className="mk-grid-2">
            {C.team.map((m) => (
              <Card key={m.name} className="mk-team-card">
                <CardHeader>
                  <CardTitle>{m.name}</CardTitle>
                  <p className="mk-team-role">{m.role}</p>
                  <CardDescription>{m.bio}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
        <section aria-labelledby="about-contact" className="mk-block mk-contact">
          <h2 id="about-contact">{C.contactTitle}</h2>
          <dl className="mk-contact-list">
            <div>
              <dt>{C.contact.support}</dt>
              <dd>
                <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
              </dd>
            </div>
            <div>
              <dt>{C.contact.phone}</dt>
              <dd>
                <a href={`tel:${brand.phone.replace(/[^+\d]/g, '')}`}>{brand.phone}</a>
              </dd>
            </div>
            <div>
              <dt>{C.contact.office}</dt>
              <dd>{brand.office}</dd>
            </div>
          </dl>
          <Link className="ui-btn ui-btn-primary ui-btn-lg mk-start" to={pathTo('Signup')}>
            {C.getStarted}
          </Link>
        </section>
      </section>
    </PublicLayout>
  );
}
