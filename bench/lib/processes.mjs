// Child processes of a bench run (the app, reference servers): free ports, readiness, and stopping them. These are
// the helpers every test tier shares (libs/testing, TypeScript, loaded here through jiti); the bench adds RSS sampling.
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const shared = await jiti.import('../../libs/testing/src/processes.ts');

export const { freePort, onExit, startProcess, stopProcess, waitForHttp, rssBytes } = shared;

/** Samples rssBytes(pid) every intervalMs until stop(), which returns { peak, last, samples } (bytes, count). */
export function sampleRss(pid, intervalMs = 100) {
  let peak = null;
  let last = null;
  let samples = 0;
  const take = () => {
    const v = rssBytes(pid);
    if (v === null) return;
    samples += 1;
    last = v;
    if (peak === null || v > peak) peak = v;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, last, samples };
    },
  };
}
