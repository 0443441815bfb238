import { Link, useLocation } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';
import { ResendVerification } from '../ResendVerification';

export default function VerifyThankYou() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <PublicLayout>
      <div className="mk-narrow">
        <Card>
          <CardHeader>
            <CardTitle>Thank you for signing up! Check your email now</CardTitle>
            <CardDescription>Check your email now to confirm your account</CardDescription>
          </CardHeader>
          <CardContent className="mk-form">
            <p className="mk-muted">Didn&apos;t get the e-mail? Check your spam folder, or send it again.</p>
            <ResendVerification email={email} />
            <Link to="/Signin">Go to Sign In</Link>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
