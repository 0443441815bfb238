import { PageContainer } from '@solvr/web-ui';
import { PaymentCancelledView } from '@solvr/web-files';

/** /PaymentCancelled: the checkout was left without paying. */
export default function PaymentCancelled() {
  return (
    <PageContainer size="md">
      <PaymentCancelledView />
    </PageContainer>
  );
}
