import { useNavigate } from 'react-router-dom';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { PublicLayout } from '../PublicLayout';

const FEATURES = [
  { title: 'Screenshot to solution', text: 'Capture the question with one hotkey; a second hotkey produces an optimized solution.' },
  { title: 'Discreet overlay', text: 'Answers appear in an overlay designed to stay out of screen sharing and recordings.' },
  { title: 'Explained answers', text: 'Every answer explains the approach, the data structures used and its Big O.' },
  { title: 'Your language', text: 'Python, JavaScript/TypeScript, Java, C++, Go, C# and more, with a copy button.' },
];

export default function Landing() {
  const navigate = useNavigate();
  const brand = useBrand();
  return (
    <PublicLayout>
      <section className="mk-hero">
        <p className="mk-eyebrow">Currently Working &amp; Undetected</p>
        <h1>Ace your coding interviews with {brand.product}</h1>
        <p className="mk-lead">
          A free desktop assistant for live coding interviews: answers in 5 to 10 seconds, 1500+ interviews passed, 300+ offers at
          FAANG-level companies.
        </p>
        <div className="mk-hero-actions">
          <Button size="lg" onClick={() => navigate('/Signin')}>
            Try Now
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate('/HowItWorks')}>
            How It Works
          </Button>
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-grid-4">
          {FEATURES.map((f) => (
            <Card key={f.title}>
              <CardHeader>
                <CardTitle>{f.title}</CardTitle>
                <CardDescription>{f.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>
      <section className="mk-section">
        <div className="mk-section-head">
          <h2>Latest Updates</h2>
          <Button variant="outline" onClick={() => navigate('/NewsPage')}>
            View All News
          </Button>
        </div>
        <Card>
          <CardContent>
            <EmptyState title="No news available" description="Check back later for updates and announcements." />
          </CardContent>
        </Card>
      </section>
    </PublicLayout>
  );
}
