import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { Alert, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';
import { ResendVerification } from '../ResendVerification';

export default function VerifyYourEmail() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  return (
    <PublicLayout>
      <div className="mk-narrow">
        {failed ? (
          <Card>
            <CardHeader>
              <CardTitle>We could not confirm your email address</CardTitle>
            </CardHeader>
            <CardContent className="mk-form">
              <Alert variant="error">{AUTH_MESSAGES.linkInvalid}</Alert>
              <ResendVerification />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Thank you for confirming your email address</CardTitle>
              <CardDescription>You are now verified</CardDescription>
            </CardHeader>
            <CardContent>
              <p>
                <Link to="/Signin">Sign In</Link> to download the latest version.
              </p>
            </CardContent>
          </Card>
        )}
      </div>
    </PublicLayout>
  );
}
