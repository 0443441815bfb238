// Public reads: each public GET endpoint of the api against bare node:http sending exactly the same bytes
// and content-type, both loaded by autocannon at 64 connections, alternating over the rounds.
// Later issues add their public reads to ENDPOINTS (goals per endpoint go in bench/budgets.json).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, compareFigures, load } from '../lib/load.mjs';
import { startBare } from '../lib/reference.mjs';

export const ENDPOINTS = [{ name: 'public-config', path: '/api/public-config' }];

export default {
  name: 'public-reads',
  order: 10,
  title: 'Public reads vs bare node:http (same bytes), 64 connections',
  async run(ctx) {
    const metrics = {};
    const notes = [];
    const tmp = mkdtempSync(join(tmpdir(), 'solvr-bench-bytes-'));
    try {
      for (const ep of ENDPOINTS) {
        const first = await fetch(ctx.app.url + ep.path);
        const body = Buffer.from(await first.arrayBuffer());
        if (first.status !== 200) throw new Error(`${ep.path} answered ${first.status}`);
        const type = first.headers.get('content-type') ?? 'application/octet-stream';
        const file = join(tmp, `${ep.name}.bin`);
        writeFileSync(file, body);
        notes.push(`${ep.name}: ${body.length} bytes, ${type}`);
        const bare = await startBare({ BARE_KIND: 'bytes', BARE_BODY_FILE: file, BARE_CONTENT_TYPE: type });
        try {
          const run = (base, duration) => () => load({ url: base + ep.path, connections: ctx.connections, duration });
          ctx.log(` ${ep.name}: app ${ctx.app.url}${ep.path} vs bare ${bare.url}`);
          const res = await alternate({
            rounds: ctx.rounds,
            app: run(ctx.app.url, ctx.duration),
            ref: run(bare.url, ctx.duration),
            warmup: ctx.warmup ? (who) => run(who === 'app' ? ctx.app.url : bare.url, ctx.warmup)() : null,
            log: ctx.log,
          });
          Object.assign(metrics, compareFigures(ep.name, res));
        } finally {
          await bare.stop();
        }
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return { metrics, notes };
  },
};
