import { Link, useSearchParams } from 'wouter';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES, pathTo } from '@solvr/contracts';
import { Alert, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { ResendVerification } from '@solvr/web-accounts';
import { PublicLayout } from '../PublicLayout';

/** Where the confirmation link lands: confirmed, already confirmed before (`?already=1`), or a bad link (`?error=`). */
export default function VerifyYourEmail() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  const already = !failed && params.get('already') === '1';
  return (
    <PublicLayout>
      <div className="mk-narrow">
        {failed ? (
          <Card>
            <CardHeader>
              <CardTitle as="h1">{T.verified.failedTitle}</CardTitle>
            </CardHeader>
            <CardContent className="mk-form">
              <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>
              <ResendVerification />
            </CardContent>
          </Card>
        ) : already ? (
          <Card>
            <CardHeader>
              <CardTitle as="h1">{T.verified.alreadyTitle}</CardTitle>
            </CardHeader>
            <CardContent className="mk-form">
              <Alert variant="info">{AUTH_MESSAGES.alreadyConfirmed}</Alert>
              <Link to={pathTo('Signin')}>{T.goToSignIn}</Link>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h1">{T.verified.title}</CardTitle>
              <CardDescription>{T.verified.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <p>
                <Link to={pathTo('Signin')}>{T.verified.signIn}</Link> {T.verified.toDownload}
              </p>
            </CardContent>
          </Card>
        )}
      </div>
    </PublicLayout>
  );
}
