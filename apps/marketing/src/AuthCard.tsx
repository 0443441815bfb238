import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

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

export function OrDivider() {
  return (
    <div className="mk-divider" role="separator">
      <span>or</span>
    </div>
  );
}
