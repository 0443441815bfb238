import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { PublicLayout } from '../PublicLayout';

export default function VerifyYourEmail() {
  return (
    <PublicLayout>
      <div className="mk-narrow">
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
      </div>
    </PublicLayout>
  );
}
