import { useNavigate } from 'react-router-dom';
import { MESSAGES, pathTo } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <div className="shell-center">
      <Card className="shell-narrow-card">
        <CardHeader>
          <CardTitle>{MESSAGES.access.deniedTitle}</CardTitle>
          <CardDescription>{MESSAGES.access.deniedBody}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button fullWidth onClick={() => navigate(pathTo('Landing'))}>
            {MESSAGES.access.goToLanding}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
