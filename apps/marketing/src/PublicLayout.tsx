import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { isPlaceholder, LAYOUT_TEXTS, NAV, pathTo, publicNav } from '@solvr/contracts';
import { selectSession, useAppSelector, useBrand } from '@solvr/web-data';
import { PUBLIC_LAYOUT } from './content/layout';

// Only a signed-in visitor sees it, and the session is known after the page has loaded: the accounts library is
// not part of a public page's first load.
const HeaderUserMenu = lazy(() => import('./HeaderUserMenu'));

/**
 * Header and footer shared by the public pages (spec section 2), built from the route table's menus. Signed in,
 * the header offers the Dashboard and the user menu instead of Sign In and Get Started.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const session = useAppSelector(selectSession);
  const signedIn = session.status === 'signed-in' && !!session.user;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="mk-page" data-build={process.env.BUILD_LABEL}>
      <a href="#main" className="ui-skip-link">
        {LAYOUT_TEXTS.skipToContent}
      </a>
      <header className="mk-header">
        <div className="mk-header-inner">
          <Link to={pathTo('Landing')} className="mk-logo">
            {brand.product}
          </Link>
          <nav className={open ? 'mk-nav mk-nav-open' : 'mk-nav'} aria-label={LAYOUT_TEXTS.publicNav}>
            {publicNav(signedIn).map((l) => (
              <Link key={l.page} to={pathTo(l.page)} className="mk-nav-link" onClick={close}>
                {l.label}
              </Link>
            ))}
            {!signedIn && (
              <Link to={pathTo(NAV.publicCta.page)} className="mk-cta" onClick={close}>
                {NAV.publicCta.label}
              </Link>
            )}
          </nav>
          <div className="mk-header-end">
            {signedIn && session.user && (
              <Suspense fallback={null}>
                <HeaderUserMenu email={session.user.email} />
              </Suspense>
            )}
            <button className="mk-menu-toggle" aria-label={LAYOUT_TEXTS.toggleMenu} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              ☰
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="mk-footer">
        <div className="mk-footer-inner">
          <div>
            <div className="mk-logo">{brand.product}</div>
            <p className="mk-muted">{PUBLIC_LAYOUT.footerDescription(brand)}</p>
          </div>
          {NAV.footer.map((group) => (
            <div key={group.title}>
              <h2 className="mk-footer-title">{group.title}</h2>
              {group.links.map((l) =>
                isPlaceholder(l) ? (
                  // No page behind it yet: shown as text with its mark, not as a link that goes nowhere.
                  <span key={l.label} className="mk-footer-soon">
                    {l.label} <span className="mk-soon-badge">{LAYOUT_TEXTS.comingSoon}</span>
                  </span>
                ) : (
                  <Link key={l.label} to={pathTo(l.page)}>
                    {l.label}
                  </Link>
                ),
              )}
            </div>
          ))}
        </div>
        <p className="mk-copyright">{PUBLIC_LAYOUT.copyright(new Date().getFullYear(), brand)}</p>
      </footer>
    </div>
  );
}
