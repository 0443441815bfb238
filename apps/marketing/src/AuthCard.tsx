import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand, usePublicConfig } from '@solvr/web-data';

/** The frame of the sign-in and sign-up pages. */
export function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className="mk-auth">
      <Link to="/" className="mk-logo mk-auth-logo">
        {brand.product}
      </Link>
      <Card className="mk-auth-card">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link to="/" className="mk-back">
        ← Back to Home
      </Link>
    </div>
  );
}

/** 'Continue with Google' and the 'or' divider; the OAuth redirect flow runs on the api. */
export function GoogleSignIn() {
  const { googleEnabled } = usePublicConfig();
  return (
    <>
      <Button
        variant="outline"
        fullWidth
        disabled={!googleEnabled}
        title={googleEnabled ? undefined : AUTH_MESSAGES.googleUnavailable}
        onClick={() => window.location.assign('/api/auth/google?returnTo=/Dashboard')}
      >
        Continue with Google
      </Button>
      <div className="mk-divider" role="separator">
        <span>or</span>
      </div>
    </>
  );
}
