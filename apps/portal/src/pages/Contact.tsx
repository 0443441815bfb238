import { PORTAL_TEXTS } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

const T = PORTAL_TEXTS.contact;

export default function Contact() {
  const brand = useBrand();
  const cards = [
    { title: T.email, text: brand.supportEmail },
    { title: T.phone, text: brand.phone },
    { title: T.office, text: brand.office },
  ];
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.title}</h1>
      </div>
      <div className="pt-grid-3">
        {cards.map((c) => (
          <Card key={c.title}>
            <CardHeader>
              <CardTitle as="h2">{c.title}</CardTitle>
              <CardDescription>{c.text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </PageContainer>
  );
}
