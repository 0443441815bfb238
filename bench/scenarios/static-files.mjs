// The shell's static files: the app (embedded mode serves dist/apps/shell) against nginx from Debian serving
// the same directory with gzip_static/brotli_static. Each connection requests index.html (as "/") and every
// JS chunk of the shell in turn, with Accept-Encoding: br, gzip; autocannon at 64 connections.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from '../lib/http.mjs';
import { alternate, compareFigures, load } from '../lib/load.mjs';
import { nginxProblem, startNginx } from '../lib/reference.mjs';
import { summarize } from '../lib/stats.mjs';

const HEADERS = { 'accept-encoding': 'br, gzip' };

/** "/" (index.html) and the top-level .js files of the built shell. */
function shellPaths(dir) {
  const js = readdirSync(dir).filter((f) => f.endsWith('.js')).sort();
  return ['/', ...js.map((f) => `/${f}`)];
}

/** Status, encoding and size of each path on one server, to check both answer alike before loading them. */
async function probe(base, paths) {
  const out = [];
  for (const path of paths) {
    const res = await request(base + path, { headers: HEADERS });
    out.push({ path, status: res.status, encoding: res.headers['content-encoding'] ?? 'identity', size: res.bytes });
  }
  return out;
}

export default {
  name: 'static',
  order: 20,
  title: "Shell's static files vs nginx (gzip_static/brotli_static), 64 connections",
  async run(ctx) {
    const problem = nginxProblem();
    if (problem) return { skipped: problem };
    const root = join(ctx.dist, 'shell');
    const paths = shellPaths(root);
    const nginx = await startNginx(root);
    try {
      const notes = [`${paths.length} files: / and ${paths.length - 1} JS chunks; nginx brotli_static ${nginx.brotli ? 'on' : 'not installed'}`];
      const [appProbe, refProbe] = [await probe(ctx.app.url, paths), await probe(nginx.url, paths)];
      const bad = [...appProbe, ...refProbe].filter((p) => p.status !== 200);
      if (bad.length) throw new Error(`not 200: ${bad.map((b) => `${b.path} ${b.status}`).join(', ')}`);
      const sum = (list) => list.reduce((s, p) => s + p.size, 0);
      const enc = (list) => [...new Set(list.map((p) => p.encoding))].join('/');
      notes.push(`one pass: app ${sum(appProbe)} bytes (${enc(appProbe)}), nginx ${sum(refProbe)} bytes (${enc(refProbe)})`);
      const requests = paths.map((path) => ({ method: 'GET', path }));
      const run = (base, duration) => () => load({ url: base, connections: ctx.connections, duration, requests, headers: HEADERS });
      const res = await alternate({
        rounds: ctx.rounds,
        app: run(ctx.app.url, ctx.duration),
        ref: run(nginx.url, ctx.duration),
        warmup: ctx.warmup ? (who) => run(who === 'app' ? ctx.app.url : nginx.url, ctx.warmup)() : null,
        log: ctx.log,
      });
      const metrics = compareFigures('static', res);
      const mb = (list) => list.map((r) => r.bytesPerSec / 1e6);
      metrics['static.mbps'] = { label: 'static MB/s (app)', ...summarize(mb(res.app), 'MB/s') };
      metrics['static.ref_mbps'] = { label: 'static MB/s (nginx)', ...summarize(mb(res.ref), 'MB/s') };
      return { metrics, notes };
    } finally {
      await nginx.stop();
    }
  },
};
