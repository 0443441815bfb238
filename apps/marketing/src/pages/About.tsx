import { useNavigate } from 'react-router-dom';
import { pathTo } from '@solvr/contracts';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { ABOUT as C } from '../content/about';
import { PublicLayout } from '../PublicLayout';

export default function About() {
  const brand = useBrand();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title(brand)}</h1>
        <p className="mk-lead">{C.mission}</p>
        <div className="mk-grid-3">
          {C.values.map((v) => (
            <Card key={v.title}>
              <CardHeader>
                <CardTitle as="h2">{v.title}</CardTitle>
                <CardDescription>{v.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <h2>{C.teamTitle}</h2>
        <div className="mk-grid-2">
          {C.team.map((m) => (
            <Card key={m.name}>
              <CardHeader>
                <CardTitle>{m.name}</CardTitle>
                <CardDescription>
                  {m.role}. {m.bio}
                </CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <h2>{C.contactTitle}</h2>
        <p>
          {C.contact.support}: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> · {C.contact.phone}: {brand.phone} · {C.contact.office}:{' '}
          {brand.office}
        </p>
        <Button size="lg" onClick={() => navigate(pathTo('Signup'))}>
          {C.getStarted}
        </Button>
      </section>
    </PublicLayout>
  );
}
