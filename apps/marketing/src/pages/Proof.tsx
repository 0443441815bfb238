import { Link } from 'react-router-dom';
import { Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';

const CARDS = [
  { title: '100% undetectable', text: 'The overlay stays out of screen sharing, recording and assessment tools.' },
  { title: 'Lightning-fast solutions', text: 'Solutions in under 5 seconds.' },
  { title: 'Discreet and non-intrusive', text: 'Hotkeys only; nothing on screen your interviewer sees.' },
];

export default function Proof() {
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>See it in action</h1>
        <div className="mk-video">
          <video controls preload="none" aria-label="Demo video" poster="">
            <track kind="captions" />
          </video>
        </div>
        <div className="mk-grid-3">
          {CARDS.map((c) => (
            <Card key={c.title}>
              <CardHeader>
                <CardTitle>{c.title}</CardTitle>
                <CardDescription>{c.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <Link className="mk-cta" to="/Signin">
          Start for FREE
        </Link>
      </section>
    </PublicLayout>
  );
}
