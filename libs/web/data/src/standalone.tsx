import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, useLocation } from 'wouter';
import { DEFAULT_PUBLIC_CONFIG, pathTo, type PageName } from '@solvr/contracts';
import { PublicConfigProvider } from './brand';
import { createAppStore, restoreSession, StoreProvider } from './store';
import { startSessionSync } from './session-sync';

function Picker({ name, pages }: { name: string; pages: Record<string, ComponentType> }) {
  const [pathname] = useLocation();
  const path = (page: string) => pathTo(page as PageName);
  const Page = Object.entries(pages).find(([p]) => path(p).toLowerCase() === pathname.toLowerCase())?.[1];
  if (Page) return <Page />;
  return (
    <main style={{ padding: 24 }}>
      <h1>{name} remote (standalone)</h1>
      <ul>
        {Object.keys(pages).map((p) => (
          <li key={p}>
            <Link to={path(p)}>{p}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** A remote served on its own (development): its pages with a store of its own, outside the shell. */
export function renderStandalone(name: string, pages: Record<string, ComponentType>): void {
  const store = createAppStore();
  store.dispatch(startSessionSync());
  void store.dispatch(restoreSession());
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StoreProvider store={store}>
      <PublicConfigProvider config={DEFAULT_PUBLIC_CONFIG}>
        <Picker name={name} pages={pages} />
      </PublicConfigProvider>
    </StoreProvider>,
  );
}
