import { Card, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

export default function Contact() {
  const brand = useBrand();
  return (
    <PageContainer>
      <div className="pt-heading">
        <h1>Contact</h1>
      </div>
      <div className="pt-grid-3">
        <Card>
          <CardHeader>
            <CardTitle>Email</CardTitle>
            <CardDescription>{brand.supportEmail}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Phone</CardTitle>
            <CardDescription>{brand.phone}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Office</CardTitle>
            <CardDescription>{brand.office}</CardDescription>
          </CardHeader>
        </Card>
      </div>
    </PageContainer>
  );
}
