import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_PUBLIC_CONFIG, resolvePage, SSR_PAYLOAD_ID, type PublicConfig, type SsrPayload } from '@solvr/contracts';
import { api, createAppStore, PublicConfigProvider, StoreProvider } from '@solvr/web-data';
import '@solvr/web-ui/styles.css';
import './shell.css';
import { App } from './App';
import { loadManifest, applyManifest, loadArea } from './remotes';

type AppStore = ReturnType<typeof createAppStore>;

async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch('/api/public-config');
    return res.ok ? ((await res.json()) as PublicConfig) : DEFAULT_PUBLIC_CONFIG;
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

/** The data a server-rendered page was rendered with (api: libs/server/site), or null for a plain page. */
function readSsrPayload(): SsrPayload | null {
  const text = document.getElementById(SSR_PAYLOAD_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrPayload;
  } catch {
    return null;
  }
}

/** Loads the page's code and the server's data, so the first render equals the server's HTML. */
async function readyToHydrate(ssr: SsrPayload, store: AppStore): Promise<boolean> {
  // The address may change while the code loads (a Back, a script): the HTML is then another page's.
  const stillThere = () => ssr.url === window.location.pathname + window.location.search;
  if (!stillThere()) return false;
  try {
    const page = resolvePage(window.location.pathname, ssr.publicConfig.brand.product);
    const area = await loadArea(page.area);
    // Another build of the area than the server's (a remote redeployed on its own) may render other markup.
    if ((area.build ?? null) !== ssr.build) return false;
    await area.preload?.(page.page);
    for (const q of ssr.queries) await store.dispatch(api.util.upsertQueryData(q.endpoint as never, q.args as never, q.data as never));
    return stillThere();
  } catch (error) {
    console.warn('Rendering the page anew instead of taking over the server-rendered one', error);
    return false;
  }
}

async function start() {
  const ssr = readSsrPayload();
  const [manifest, publicConfig] = await Promise.all([loadManifest(), ssr ? ssr.publicConfig : loadPublicConfig()]);
  applyManifest(manifest);
  const store = createAppStore();
  const app = (serverState?: ReturnType<AppStore['getState']>) => (
    <StoreProvider store={store} serverState={serverState}>
      <PublicConfigProvider config={publicConfig}>
        <App />
      </PublicConfigProvider>
    </StoreProvider>
  );
  const container = document.getElementById('root') as HTMLElement;
  if (ssr && container.firstElementChild && (await readyToHydrate(ssr, store))) {
    // Hydrated with the state the server rendered with (no session, its queries): a part of the page that hydrates
    // after the session was restored (a lazy one) would otherwise render the signed-in header over the server's.
    hydrateRoot(container, app(store.getState()));
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app());
}

void start();
