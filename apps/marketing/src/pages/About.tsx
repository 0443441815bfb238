import { useNavigate } from 'react-router-dom';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { PublicLayout } from '../PublicLayout';

const VALUES = [
  { title: 'Stealth', text: 'Built to stay out of sight during screen sharing and recordings.' },
  { title: 'Answers within 5 seconds', text: 'From screenshot to explained solution in under 5 seconds.' },
  { title: 'Correct answers', text: 'Optimized solutions with the reasoning you can walk an interviewer through.' },
];
const TEAM = [
  { name: 'Maya Chen', role: 'Co-founder, Engineering', bio: 'Former big-tech engineer who sat on both sides of the interview table.' },
  { name: 'Daniel Okafor', role: 'Co-founder, Product', bio: 'Helps candidates turn practice into offers.' },
];

export default function About() {
  const brand = useBrand();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>About {brand.product}</h1>
        <p className="mk-lead">Our mission: give every candidate a calm, fair shot in live coding interviews.</p>
        <div className="mk-grid-3">
          {VALUES.map((v) => (
            <Card key={v.title}>
              <CardHeader>
                <CardTitle>{v.title}</CardTitle>
                <CardDescription>{v.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <h2>Team</h2>
        <div className="mk-grid-2">
          {TEAM.map((m) => (
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
        <h2>Contact</h2>
        <p>
          Support: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> · Phone: {brand.phone} · Office: {brand.office}
        </p>
        <Button size="lg" onClick={() => navigate('/Signup')}>
          Get Started
        </Button>
      </section>
    </PublicLayout>
  );
}
