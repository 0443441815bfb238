import { useSearchParams } from 'wouter';
import { UnsubscribePanel } from '@solvr/web-mail';
import { PublicLayout } from '../PublicLayout';

/** /Unsubscribe?token=: the footer link of every campaign mail. */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  return (
    <PublicLayout>
      <div className="mk-narrow">
        <UnsubscribePanel token={params.get('token') ?? ''} />
      </div>
    </PublicLayout>
  );
}
