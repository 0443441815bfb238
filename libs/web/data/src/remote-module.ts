import { createElement, use, type ComponentType } from 'react';

/**
 * What each remote exposes as ./Module: its pages by name, and `probe`, which resolves the identities of the
 * shared libraries as the remote itself sees them (the shell checks, on demand, that they are its own).
 * `preload` (remotes whose pages are server-rendered) loads a page's code so that it then renders at once: the
 * server renders it, and the browser hydrates the server's HTML without waiting in between.
 */
export interface RemoteModule {
  pages: Record<string, ComponentType>;
  probe: () => Promise<Record<string, unknown>>;
  preload?: (page: string) => Promise<void>;
  /** The remote's build label (BUILD_LABEL): server-rendered HTML is hydrated only by the build that made it. */
  build?: string;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Pages that load their code on first use, like React.lazy, but render synchronously once preloaded. */
export function preloadablePages(loaders: Record<string, PageLoader>): Required<Pick<RemoteModule, 'pages' | 'preload'>> {
  const ready = new Map<string, ComponentType>();
  const pending = new Map<string, Promise<void>>();
  const preload = (name: string): Promise<void> => {
    const load = loaders[name];
    if (ready.has(name) || !load) return Promise.resolve();
    let loading = pending.get(name);
    if (!loading) {
      loading = load().then((m) => {
        ready.set(name, m.default);
      });
      // A failed load may be tried again (the shell's Retry).
      loading.catch(() => pending.delete(name));
      pending.set(name, loading);
    }
    return loading;
  };
  const pages = Object.fromEntries(
    Object.keys(loaders).map((name) => {
      function Page() {
        const Loaded = ready.get(name);
        if (Loaded) return createElement(Loaded);
        use(preload(name));
        return null;
      }
      Page.displayName = `Page(${name})`;
      return [name, Page as ComponentType];
    }),
  );
  return { pages, preload };
}
