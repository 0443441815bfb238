import { type Probe, probe as own } from '@solvr/singleton-probe';

declare global {
  interface Window {
    /** Per loaded remote, whether each shared library is the very instance the shell uses (one copy in the browser). */
    __solvrCheckSingletons?: () => Promise<Record<string, Record<string, boolean>>>;
  }
}

const areaProbes = new Map<string, Probe>();

async function checkSingletons(): Promise<Record<string, Record<string, boolean>>> {
  const mine = await own();
  const results: Record<string, Record<string, boolean>> = {};
  for (const [area, probe] of areaProbes) {
    const theirs = await probe();
    results[area] = Object.fromEntries(Object.keys(mine).map((lib) => [lib, theirs[lib] === mine[lib]]));
    const copies = Object.entries(results[area]).filter(([, same]) => !same);
    if (copies.length) console.error(`Remote ${area} loaded its own copy of: ${copies.map(([lib]) => lib).join(', ')}`);
  }
  return results;
}

/** Keeps a loaded remote's probe; the check runs on demand, as it loads every shared library. */
export function recordSingletons(area: string, probe: Probe): void {
  areaProbes.set(area, probe);
  window.__solvrCheckSingletons = checkSingletons;
}
