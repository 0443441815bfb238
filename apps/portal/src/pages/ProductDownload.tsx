import { Card, CardContent, CardDescription, CardHeader, CardTitle, PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

export default function ProductDownload() {
  const brand = useBrand();
  return (
    <PageContainer>
      <Card>
        <CardHeader>
          <CardTitle>Download {brand.product}</CardTitle>
          <CardDescription>Windows installer v1.0.20. macOS is coming; Linux maybe.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="pt-muted">Unzip the download and run the .exe installer.</p>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
