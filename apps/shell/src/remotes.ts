import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PageArea } from '@solvr/contracts';
import type { RemoteModule } from '@solvr/web-data';

export type RemotesManifest = Partial<Record<PageArea, string>>;

let manifest: RemotesManifest = {};
/** The areas loaded so far: a page of one renders at once (hydration of server-rendered HTML, server rendering). */
const loaded = new Map<PageArea, RemoteModule>();

export const loadedArea = (area: PageArea): RemoteModule | undefined => loaded.get(area);

/** The server renderer hands its areas over directly (no federation runtime there). */
export function provideArea(area: PageArea, mod: RemoteModule): void {
  loaded.set(area, mod);
}

/** The manifest is fetched at start, so a remote is redeployed by changing /remotes.json, not the shell. */
export async function loadManifest(): Promise<RemotesManifest> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    return res.ok ? ((await res.json()) as RemotesManifest) : {};
  } catch {
    return {};
  }
}

export function applyManifest(next: RemotesManifest): void {
  manifest = next;
  registerRemotes(
    Object.entries(next).map(([name, entry]) => ({ name, entry: entry as string })),
    { force: true },
  );
}

/** Loads a remote's ./Module; `retry` drops the failed attempt so the entry script is fetched again. */
export async function loadArea(area: PageArea, retry = false): Promise<RemoteModule> {
  const entry = manifest[area];
  if (!entry) throw new Error(`No address for the ${area} area in /remotes.json`);
  if (retry) registerRemotes([{ name: area, entry }], { force: true });
  const mod = await loadRemote<RemoteModule>(`${area}/Module`);
  if (!mod?.pages) throw new Error(`The ${area} area did not load`);
  loaded.set(area, mod);
  return mod;
}
