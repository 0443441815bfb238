import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LAYOUT_TEXTS, pathTo, resolvePage, signedInNav } from '@solvr/contracts';
import { selectUser, useAppSelector, useBrand } from '@solvr/web-data';
import { UserMenu } from '@solvr/web-accounts';

/** The header of every signed-in page: nav from the route table (Admin only for admins), user menu, mobile toggle. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const brand = useBrand();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The page shown, by the route table's own rule (case-insensitive, last segment).
  const shown = resolvePage(useLocation()[0], brand.product).page;
  const nav = (className: string) => (
    <nav className={className} aria-label={LAYOUT_TEXTS.mainNav}>
      {signedInNav(user?.role).map((l) => {
        const current = l.page === shown;
        return (
          <Link key={l.page} to={pathTo(l.page, brand.product)} className={current ? 'shell-nav-link active' : 'shell-nav-link'} aria-current={current ? 'page' : undefined} onClick={() => setMobileOpen(false)}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
  return (
    <div className="shell-app">
      <a href="#main" className="ui-skip-link">
        {LAYOUT_TEXTS.skipToContent}
      </a>
      <header className="shell-header">
        <div className="shell-header-inner">
          <Link to={pathTo('Dashboard')} className="shell-logo">
            {brand.product}
          </Link>
          {nav('shell-nav')}
          <div className="shell-header-end">
            {user && <UserMenu email={user.email} />}
            <button
              className="shell-mobile-toggle"
              aria-label={LAYOUT_TEXTS.toggleMenu}
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen((o) => !o)}
            >
              <span />
              <span />
              <span />
            </button>
          </div>
        </div>
        {mobileOpen && nav('shell-mobile-nav')}
      </header>
      <main id="main" tabIndex={-1} className="shell-main">
        {children}
      </main>
    </div>
  );
}
