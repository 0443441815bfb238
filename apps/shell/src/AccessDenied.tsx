import { Link, useLocation, useSearch } from 'wouter';
import { LAYOUT_TEXTS, MESSAGES, NAV, pageDef, pathTo } from '@solvr/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';

/** Spec section 2: a signed-in page for a signed-out visitor, under a header with the logo and the way in. */
export function AccessDenied() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const brand = useBrand();
  // Sign-in comes back here (only to a path of this site: see useSignIn).
  const back = { from: pathname + (search ? `?${search}` : '') };
  return (
    <div className="shell-app">
      <header className="shell-header">
        <div className="shell-header-inner">
          <Link to={pathTo('Landing')} className="shell-logo">
            {brand.product}
          </Link>
          <nav className="shell-header-end shell-public-links" aria-label={LAYOUT_TEXTS.publicNav}>
            <Link to={pathTo('Signin')} state={back} className="shell-nav-link">
              {pageDef('Signin').label}
            </Link>
            <Link to={pathTo(NAV.publicCta.page)} className="shell-cta">
              {NAV.publicCta.label}
            </Link>
          </nav>
        </div>
      </header>
      <main className="shell-main shell-center">
        <Card className="shell-narrow-card">
          <CardHeader>
            <CardTitle as="h1">{MESSAGES.access.deniedTitle}</CardTitle>
            <CardDescription>{MESSAGES.access.deniedBody}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button fullWidth onClick={() => navigate(pathTo('Signin'), { state: back })}>
              {MESSAGES.access.signIn}
            </Button>
            <Button variant="outline" fullWidth onClick={() => navigate(pathTo('Landing'))}>
              {MESSAGES.access.goToLanding}
            </Button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
