// GETs repeated in a process of their own (bench/lib/download-client.mjs), beside a latency probe in this one: big
// downloads, or an admin's heavy reads in a loop. Reading their bytes here would delay the probe's own answers.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess } from './processes.mjs';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), 'download-client.mjs');

/**
 * Starts `streams` GET loops over `urls` (taken in turn; `rate` bytes/s per loop, 0 for as fast as they come) and
 * waits until each has its first bytes; stop() ends them and returns their totals (bytes, completed, errors,
 * statuses, seconds).
 */
export async function startBackgroundGets({ urls, headers = {}, streams = 1, rate = 0 }) {
  const child = startProcess(process.execPath, [CLIENT], {
    env: { ...process.env, DL_URL: urls.join('\n'), DL_HEADERS: JSON.stringify(headers), DL_STREAMS: String(streams), DL_RATE: String(rate) },
  });
  const ok = await child.waitForOutput(/^started$/m, 20_000);
  if (!ok) {
    await stopProcess(child);
    throw new Error(`the background GETs did not start\n${child.output()}`);
  }
  return {
    async stop() {
      await stopProcess(child);
      const m = /result (\{.*\})/.exec(child.output());
      if (!m) throw new Error(`no result from the background GETs\n${child.output()}`);
      return JSON.parse(m[1]);
    },
  };
}
