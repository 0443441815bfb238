import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { selectUser, useAppSelector } from '@solvr/web-data';

export default function CompleteProfile() {
  const user = useAppSelector(selectUser);
  return (
    <div className="pt-bare">
      <Card className="pt-form-card">
        <CardHeader>
          <CardTitle>Complete Your Profile</CardTitle>
          <CardDescription>{user?.email}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="pt-muted">Required fields must be completed to access your account.</p>
        </CardContent>
      </Card>
    </div>
  );
}
