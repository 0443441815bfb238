import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { DEFAULT_BRAND, type Brand } from '@solvr/contracts';
import { BrandProvider, createAppStore } from '@solvr/web-data';
import '@solvr/web-ui/styles.css';
import './shell.css';
import { App } from './App';
import { loadManifest, applyManifest } from './remotes';

async function loadBrand(): Promise<Brand> {
  try {
    const res = await fetch('/api/public-config');
    return res.ok ? ((await res.json()) as { brand: Brand }).brand : DEFAULT_BRAND;
  } catch {
    return DEFAULT_BRAND;
  }
}

async function start() {
  const [manifest, brand] = await Promise.all([loadManifest(), loadBrand()]);
  applyManifest(manifest);
  const store = createAppStore();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Provider store={store}>
      <BrandProvider brand={brand}>
        <App />
      </BrandProvider>
    </Provider>,
  );
}

void start();
