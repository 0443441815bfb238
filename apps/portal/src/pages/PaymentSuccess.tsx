import { PageContainer } from '@solvr/web-ui';
import { PaymentSuccessView } from '@solvr/web-files';

/** /PaymentSuccess: the checkout's return page; it shows paid only once the api confirms it (@solvr/web-files). */
export default function PaymentSuccess() {
  return (
    <PageContainer size="md">
      <PaymentSuccessView />
    </PageContainer>
  );
}
