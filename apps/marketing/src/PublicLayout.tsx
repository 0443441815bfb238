import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isPlaceholder, LAYOUT_TEXTS, NAV, pathTo } from '@solvr/contracts';
import { useBrand } from '@solvr/web-data';
import { PUBLIC_LAYOUT } from './content/layout';

/** Header and footer shared by the public pages (spec section 2), built from the route table's menus. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="mk-page" data-build={process.env.BUILD_LABEL}>
      <header className="mk-header">
        <div className="mk-header-inner">
          <Link to={pathTo('Landing')} className="mk-logo">
            {brand.product}
          </Link>
          <nav className={open ? 'mk-nav mk-nav-open' : 'mk-nav'} aria-label={LAYOUT_TEXTS.publicNav}>
            {NAV.public.map((l) => (
              <Link key={l.page} to={pathTo(l.page)} className="mk-nav-link" onClick={close}>
                {l.label}
              </Link>
            ))}
            <Link to={pathTo(NAV.publicCta.page)} className="mk-cta" onClick={close}>
              {NAV.publicCta.label}
            </Link>
          </nav>
          <button className="mk-menu-toggle" aria-label={LAYOUT_TEXTS.toggleMenu} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            ☰
          </button>
        </div>
      </header>
      <main>{children}</main>
      <footer className="mk-footer">
        <div className="mk-footer-inner">
          <div>
            <div className="mk-logo">{brand.product}</div>
            <p className="mk-muted">{PUBLIC_LAYOUT.footerDescription(brand)}</p>
          </div>
          {NAV.footer.map((group) => (
            <div key={group.title}>
              <h4>{group.title}</h4>
              {group.links.map((l) =>
                isPlaceholder(l) ? (
                  <a key={l.label} href={l.href}>
                    {l.label}
                  </a>
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
