import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';

export default function VerifyThankYou() {
  return (
    <PublicLayout>
      <div className="mk-narrow">
        <Card>
          <CardHeader>
            <CardTitle>Thank you for signing up! Check your email now</CardTitle>
            <CardDescription>Check your email now to confirm your account</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/Signin">Go to Sign In</Link>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
