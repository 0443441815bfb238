import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PUBLIC_CONFIG, type AccountView, type PublicConfig } from '@solvr/contracts';
import { createAppStore, PublicConfigProvider, signedIn, StoreProvider, type AppStore } from '@solvr/web-data';

export interface RenderOptions {
  /** The address the UI is shown at, e.g. '/Signin?error=google'. */
  route?: string;
  /** History state of that address (e.g. { from: '/Downloads' }, as the shell's guard sets it). */
  state?: unknown;
  /** Signs this account in before rendering. */
  account?: AccountView;
  publicConfig?: PublicConfig;
  store?: AppStore;
}

/**
 * Renders UI the way the shell does: the store (session + api), the public config, at an address of jsdom's own
 * history (the router, wouter, reads the browser's). `location()` tells where the UI navigated to (path and query),
 * `user` drives it (user-event).
 */
export function renderWithStore(ui: ReactElement, options: RenderOptions = {}) {
  const store = options.store ?? createAppStore();
  if (options.account) store.dispatch(signedIn({ access_token: 'test-access-token', user: options.account }));
  window.history.replaceState(options.state ?? null, '', options.route ?? '/');
  const result = render(
    <StoreProvider store={store}>
      <PublicConfigProvider config={options.publicConfig ?? DEFAULT_PUBLIC_CONFIG}>
        {ui}
      </PublicConfigProvider>
    </StoreProvider>,
  );
  return {
    ...result,
    store,
    user: userEvent.setup(),
    location: () => window.location.pathname + window.location.search,
    locationState: () => window.history.state as unknown,
  };
}
