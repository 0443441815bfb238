import { useNavigate } from 'react-router-dom';
import { pathTo } from '@solvr/contracts';
import { Button, Card, CardDescription, CardHeader, CardTitle, Stat } from '@solvr/web-ui';
import { HOW_IT_WORKS as C } from '../content/how-it-works';
import { PublicLayout } from '../PublicLayout';

export default function HowItWorks() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title}</h1>
        <div className="mk-grid-4">
          {C.steps.map((s) => (
            <Card key={s.title}>
              <CardHeader>
                <CardTitle as="h2">{s.title}</CardTitle>
                <CardDescription>{s.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <div className="mk-grid-4">
          {C.benefits.map((b) => (
            <Card key={b}>
              <CardHeader>
                <CardTitle as="h2">{b}</CardTitle>
              </CardHeader>
            </Card>
          ))}
        </div>
        <div className="mk-grid-3">
          {C.stats.map((s) => (
            <Stat key={s.label} label={s.label} value={s.value} />
          ))}
        </div>
        <Button size="lg" onClick={() => navigate(pathTo('Signup'))}>
          {C.getStarted}
        </Button>
      </section>
    </PublicLayout>
  );
}
