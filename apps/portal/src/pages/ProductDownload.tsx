import { PORTAL_TEXTS } from '@solvr/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

const T = PORTAL_TEXTS.productDownload;

export default function ProductDownload() {
  const brand = useBrand();
  return (
    <PageContainer>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{T.title(brand.product)}</CardTitle>
          <CardDescription>{T.installer}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="pt-muted">{T.instructions}</p>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
