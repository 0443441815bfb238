import { probe as own } from '@solvr/singleton-probe';

declare global {
  interface Window {
    __solvrSingletons?: Record<string, Record<string, boolean>>;
  }
}

/** Records, per remote, whether each shared library is the very instance the shell uses (one copy in the browser). */
export function recordSingletons(area: string, probe: Record<string, unknown>): void {
  const result = Object.fromEntries(Object.keys(own).map((lib) => [lib, probe[lib] === own[lib]]));
  window.__solvrSingletons = { ...window.__solvrSingletons, [area]: result };
  const copies = Object.entries(result).filter(([, same]) => !same);
  if (copies.length) console.error(`Remote ${area} loaded its own copy of: ${copies.map(([lib]) => lib).join(', ')}`);
}
