import { PageContainer } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { HelpView } from '../help/help-view';

/** /Help (signed in): see help/help-view.tsx. */
export default function Help() {
  const brand = useBrand();
  return (
    <PageContainer>
      <HelpView product={brand.product} />
    </PageContainer>
  );
}
