import { useNavigate } from 'react-router-dom';
import { Button, Card, CardDescription, CardHeader, CardTitle, Stat } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';

const STEPS = [
  { title: '1. Download and install', text: 'Get the Windows installer from your dashboard and run it.' },
  { title: '2. Take a screenshot', text: 'Press the screenshot hotkey on the coding question.' },
  { title: '3. AI processing', text: 'Press the solve hotkey; the answer is ready in under 5 seconds.' },
  { title: '4. Discreet overlay', text: 'Read the solution, its explanation and Big O in the overlay.' },
];
const BENEFITS = ['Works with every major language', 'Explains the approach', 'Big O analysis included', 'Free to start'];

export default function HowItWorks() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>How It Works</h1>
        <div className="mk-grid-4">
          {STEPS.map((s) => (
            <Card key={s.title}>
              <CardHeader>
                <CardTitle>{s.title}</CardTitle>
                <CardDescription>{s.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <div className="mk-grid-4">
          {BENEFITS.map((b) => (
            <Card key={b}>
              <CardHeader>
                <CardTitle>{b}</CardTitle>
              </CardHeader>
            </Card>
          ))}
        </div>
        <div className="mk-grid-3">
          <Stat label="Interviews passed" value="1,200+" />
          <Stat label="Offers" value="300+" />
          <Stat label="Success rate" value="98%" />
        </div>
        <Button size="lg" onClick={() => navigate('/Signup')}>
          Get Started Now - It&apos;s Free
        </Button>
      </section>
    </PublicLayout>
  );
}
