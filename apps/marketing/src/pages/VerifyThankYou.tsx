import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ACCOUNT_TEXTS as T, pathTo } from '@solvr/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { ResendVerification } from '@solvr/web-accounts';
import { PublicLayout } from '../PublicLayout';

export default function VerifyThankYou() {
  // Sign-up passes the address along, so the resend needs no typing.
  const email = (useHistoryState() as { email?: string } | null)?.email;
  return (
    <PublicLayout>
      <div className="mk-narrow">
        <Card>
          <CardHeader>
            <CardTitle as="h1">{T.thankYou.title}</CardTitle>
            <CardDescription>{T.thankYou.description}</CardDescription>
          </CardHeader>
          <CardContent className="mk-form">
            <p className="mk-muted">{T.resend.notReceived}</p>
            <ResendVerification email={email} />
            <Link to={pathTo('Signin')}>{T.goToSignIn}</Link>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
