// The server renderer's areas, resolved by apps/shell/webpack.ssr.config.js (the browser loads them as remotes).
declare module 'solvr-ssr-area-marketing' {
  import type { ComponentType } from 'react';
  import type { SsrDataSource } from '@solvr/contracts';
  import type { NewsSsrData } from '@solvr/web-news';
  export const pages: Record<string, ComponentType>;
  export const probe: () => Promise<Record<string, unknown>>;
  export const build: string | undefined;
  export function preload(page: string): Promise<void>;
  export function pageData(page: string, search: URLSearchParams, product: string, source: SsrDataSource): Promise<NewsSsrData>;
}
