import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES, pathTo } from '@solvr/contracts';
import { Alert, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { ResendVerification } from '@solvr/web-accounts';
import { PublicLayout } from '../PublicLayout';

export default function VerifyYourEmail() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  return (
    <PublicLayout>
      <div className="mk-narrow">
        {failed ? (
          <Card>
            <CardHeader>
              <CardTitle>{T.verified.failedTitle}</CardTitle>
            </CardHeader>
            <CardContent className="mk-form">
              <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>
              <ResendVerification />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>{T.verified.title}</CardTitle>
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
