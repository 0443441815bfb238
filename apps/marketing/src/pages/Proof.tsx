import { Link } from 'react-router-dom';
import { pathTo } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PROOF as C } from '../content/proof';
import { PublicLayout } from '../PublicLayout';

export default function Proof() {
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title}</h1>
        <div className="mk-video">
          <video controls preload="none" aria-label={C.videoLabel} poster="">
            <track kind="captions" />
          </video>
        </div>
        <div className="mk-grid-3">
          {C.cards.map((c) => (
            <Card key={c.title}>
              <CardHeader>
                <CardTitle as="h2">{c.title}</CardTitle>
                <CardDescription>{c.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <Link className="mk-cta" to={pathTo('Signin')}>
          {C.startFree}
        </Link>
      </section>
    </PublicLayout>
  );
}
