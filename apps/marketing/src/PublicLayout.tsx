import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBrand } from '@solvr/web-data';

const LINKS = [
  { to: '/HowItWorks', label: 'How It Works' },
  { to: '/Proof', label: 'PROOF' },
  { to: '/NewsPage', label: 'News' },
  { to: '/About', label: 'About' },
];

/** Header and footer shared by the public pages (spec section 2). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  return (
    <div className="mk-page" data-build={process.env.BUILD_LABEL}>
      <header className="mk-header">
        <div className="mk-header-inner">
          <Link to="/" className="mk-logo">
            {brand.product}
          </Link>
          <nav className={open ? 'mk-nav mk-nav-open' : 'mk-nav'} aria-label="Public">
            {LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="mk-nav-link" onClick={() => setOpen(false)}>
                {l.label}
              </Link>
            ))}
            <Link to="/Signin" className="mk-nav-link" onClick={() => setOpen(false)}>
              Sign In
            </Link>
            <Link to="/Signup" className="mk-cta" onClick={() => setOpen(false)}>
              Get Started
            </Link>
          </nav>
          <button className="mk-menu-toggle" aria-label="Toggle menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            ☰
          </button>
        </div>
      </header>
      <main>{children}</main>
      <footer className="mk-footer">
        <div className="mk-footer-inner">
          <div>
            <div className="mk-logo">{brand.product}</div>
            <p className="mk-muted">A file distribution platform for the {brand.product} desktop app: installers, updates and guides in one place.</p>
          </div>
          <div>
            <h4>Product</h4>
            <Link to="/HowItWorks">How It Works</Link>
            <a href="#pricing">Pricing</a>
            <a href="#api-docs">API Docs</a>
            <a href="#integrations">Integrations</a>
          </div>
          <div>
            <h4>Company</h4>
            <Link to="/About">About</Link>
            <Link to="/NewsPage">Blog</Link>
            <a href="#careers">Careers</a>
          </div>
        </div>
        <p className="mk-copyright">
          © {new Date().getFullYear()} {brand.team}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
