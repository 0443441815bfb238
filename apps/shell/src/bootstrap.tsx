import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@solvr/contracts';
import { createAppStore, PublicConfigProvider } from '@solvr/web-data';
import '@solvr/web-ui/styles.css';
import './shell.css';
import { App } from './App';
import { loadManifest, applyManifest } from './remotes';

async function loadPublicConfig(): Promise<PublicConfig> {
  try {
    const res = await fetch('/api/public-config');
    return res.ok ? ((await res.json()) as PublicConfig) : DEFAULT_PUBLIC_CONFIG;
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

async function start() {
  const [manifest, publicConfig] = await Promise.all([loadManifest(), loadPublicConfig()]);
  applyManifest(manifest);
  const store = createAppStore();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Provider store={store}>
      <PublicConfigProvider config={publicConfig}>
        <App />
      </PublicConfigProvider>
    </Provider>,
  );
}

void start();
