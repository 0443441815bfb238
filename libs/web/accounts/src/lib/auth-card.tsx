import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_TEXTS as T, AUTH_MESSAGES, pathTo } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand, usePublicConfig } from '@solvr/web-data';
import { googleSignInUrl } from './accounts.api';

/** The frame of the sign-in, sign-up and reset pages: logo, card, Back to Home. */
export function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <main className="acc-auth">
      <Link to={pathTo('Landing')} className="acc-logo">
        {brand.product}
      </Link>
      <Card className="acc-auth-card">
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link to={pathTo('Landing')} className="acc-back">
        ← {T.backToHome}
      </Link>
    </main>
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
        onClick={() => window.location.assign(googleSignInUrl(pathTo('Dashboard')))}
      >
        {T.continueWithGoogle}
      </Button>
      <div className="acc-divider" role="separator">
        <span>{T.or}</span>
      </div>
    </>
  );
}
