import { useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXTS, LAYOUT_TEXTS, pathTo, signedInNav } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';
import { selectUser, useAppSelector, useBrand } from '@solvr/web-data';
import { useLogoutMutation } from '@solvr/web-accounts';

function UserMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const signOut = async () => {
    await logout();
    setOpen(false);
    navigate(pathTo('Landing'));
  };
  return (
    <div className="shell-user-menu">
      <Button variant="ghost" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="shell-avatar" aria-hidden="true">
          {email[0]?.toUpperCase()}
        </span>
        <span className="shell-user-email">{email}</span>
      </Button>
      {open && (
        <div role="menu" className="shell-menu">
          <div className="shell-menu-email">{email}</div>
          <button role="menuitem" className="shell-menu-item" onClick={signOut} disabled={isLoading}>
            {ACCOUNT_TEXTS.logout}
          </button>
        </div>
      )}
    </div>
  );
}

/** The header of every signed-in page: nav from the route table (Admin only for admins), user menu, mobile toggle. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const brand = useBrand();
  const [mobileOpen, setMobileOpen] = useState(false);
  const nav = (className: string) => (
    <nav className={className} aria-label={LAYOUT_TEXTS.mainNav}>
      {signedInNav(user?.role).map((l) => (
        <NavLink key={l.page} to={pathTo(l.page, brand.product)} className="shell-nav-link" onClick={() => setMobileOpen(false)}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
  return (
    <div className="shell-app">
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
      <main className="shell-main">{children}</main>
    </div>
  );
}
