import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { PAGE_DESCRIPTIONS, pageTitle, pathTo, resolvePage, SSR_PAGES, type PageArea, type PageName, type SsrRender } from '@solvr/contracts';
import { api, createAppStore, PublicConfigProvider, StoreProvider } from '@solvr/web-data';
// webpack.ssr.config.js resolves this to apps/marketing/src/ssr-area.ts: the server has no federation runtime.
import * as marketing from 'solvr-ssr-area-marketing';
import { AppRoutes } from '../App';
import { provideArea } from '../remotes';

const AREAS: Partial<Record<PageArea, typeof marketing>> = { marketing };

/**
 * Renders a public page as the browser's first render will: the shell's routes with the page's area already
 * loaded and the store holding the data the page reads. The browser then hydrates this HTML (bootstrap.tsx).
 */
export const render: SsrRender = async ({ url, publicConfig, data }) => {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const product = publicConfig.brand.product;
  const page = resolvePage(pathname, product);
  const area = AREAS[page.area];
  if (page.access !== 'public' || !SSR_PAGES.includes(page.page) || !area) return null;
  await area.preload(page.page);
  provideArea(page.area, area);
  const { queries, head, status } = await area.pageData(page.page, searchParams, product, data);

  const store = createAppStore({ server: true });
  for (const q of queries) await store.dispatch(api.util.upsertQueryData(q.endpoint as never, q.args as never, q.data as never));
  const html = renderToString(
    <StoreProvider store={store}>
      <PublicConfigProvider config={publicConfig}>
        <Router ssrPath={pathname} ssrSearch={searchParams.toString()}>
          <AppRoutes />
        </Router>
      </PublicConfigProvider>
    </StoreProvider>,
  );
  // Drops the cache entries and their expiry timers: this store is thrown away.
  store.dispatch(api.util.resetApiState());
  return {
    html,
    status: status ?? 200,
    payload: { publicConfig, queries, build: area.build ?? null, url },
    head: {
      title: pageTitle(page, product),
      description: PAGE_DESCRIPTIONS[page.page]?.(product) ?? '',
      canonicalPath: pathTo(page.page as PageName),
      type: 'website',
      ...head,
    },
  };
};
