import { PORTAL_TEXTS } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { ContactForm } from '@solvr/web-mail';

const T = PORTAL_TEXTS.contact;

/** Spec section 2, "Contact": the support e-mail, phone and office cards, and the form. */
export default function Contact() {
  const brand = useBrand();
  const cards = [
    { title: T.email, text: <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> },
    { title: T.phone, text: <a href={`tel:${brand.phone.replace(/[^+\d]/g, '')}`}>{brand.phone}</a> },
    { title: T.office, text: brand.office },
  ];
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>{T.title}</h1>
      </div>
      <div className="pt-stack">
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
        <ContactForm />
      </div>
    </PageContainer>
  );
}
