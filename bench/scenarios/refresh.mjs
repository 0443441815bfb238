// Refresh throughput: POST /api/auth/refresh rotates the refresh cookie on every call, so each call must send
// the cookie the previous one returned. Several such chains run in parallel (one session each) for the round's
// duration. Reference: bare node:http doing the same rotation in memory (bare-server.mjs, BARE_KIND=refresh),
// i.e. the protocol without database, argon2 or framework.
import { keepAliveAgent, request, setCookieValue } from '../lib/http.mjs';
import { alternate } from '../lib/load.mjs';
import { startBare } from '../lib/reference.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

const COOKIE = 'solvr_refresh';

/** Signs in once per chain; returns the refresh tokens. */
async function openChains(base, count, credentials, agent) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const res = await request(`${base}/api/auth/login`, { method: 'POST', body: credentials, agent });
    const token = setCookieValue(res.headers, COOKIE);
    if (res.status !== 200 || !token) throw new Error(`sign-in for a refresh chain answered ${res.status}: ${res.body.slice(0, 200)}`);
    tokens.push(token);
  }
  return tokens;
}

/** Drives every chain for `seconds`; a chain whose refresh fails signs in again (counted as an error). */
async function runChains(base, tokens, seconds, credentials, agent) {
  const lat = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (_, i) => {
      while (performance.now() < deadline) {
        const res = await request(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie: `${COOKIE}=${tokens[i]}` }, agent });
        const next = setCookieValue(res.headers, COOKIE);
        if (res.status === 200 && next) {
          lat.push(res.ms);
          tokens[i] = next;
        } else {
          errors += 1;
          [tokens[i]] = await openChains(base, 1, credentials, agent);
        }
      }
    }),
  );
  return { ops: lat.length / ((performance.now() - started) / 1000), p50: percentile(lat, 50), p99: percentile(lat, 99), errors };
}

export default {
  name: 'refresh',
  order: 50,
  title: 'Refresh-token rotation throughput vs bare node:http rotating in memory',
  async run(ctx) {
    const chains = ctx.smoke ? 4 : 16;
    const credentials = { email: ctx.app.admin.email, password: ctx.app.admin.password };
    const agent = keepAliveAgent(chains);
    const bare = await startBare({ BARE_KIND: 'refresh' });
    try {
      const appTokens = await openChains(ctx.app.url, chains, credentials, agent);
      const refTokens = await openChains(bare.url, chains, credentials, agent);
      const run = (base, tokens, seconds) => () => runChains(base, tokens, seconds, credentials, agent);
      const res = await alternate({
        rounds: ctx.rounds,
        app: run(ctx.app.url, appTokens, ctx.duration),
        ref: run(bare.url, refTokens, ctx.duration),
        warmup: ctx.warmup ? (who) => (who === 'app' ? run(ctx.app.url, appTokens, ctx.warmup) : run(bare.url, refTokens, ctx.warmup))() : null,
        log: ctx.log,
      });
      const s = (list, key, unit) => summarize(list.map((r) => r[key]), unit);
      const appOps = s(res.app, 'ops', 'ops/s');
      const refOps = s(res.ref, 'ops', 'ops/s');
      return {
        metrics: {
          ops: { label: `refreshes/s (${chains} chains)`, ...appOps },
          ref_ops: { label: 'reference refreshes/s', ...refOps },
          ratio: {
            label: 'app/reference',
            ...summarize(res.app.map((a, i) => a.ops / res.ref[i].ops), 'x'),
            value: refOps.value ? appOps.value / refOps.value : null,
          },
          p50: { label: 'refresh p50', ...s(res.app, 'p50', 'ms') },
          p99: { label: 'refresh p99', ...s(res.app, 'p99', 'ms') },
          ref_p99: { label: 'reference refresh p99', ...s(res.ref, 'p99', 'ms') },
          p99_ratio: { label: 'refresh p99 / reference p99', ...summarize(res.app.map((a, i) => (res.ref[i]?.p99 ? a.p99 / res.ref[i].p99 : NaN)), 'x') },
          errors: { label: 'failed refreshes (all rounds)', ...summarize([res.app.reduce((n, r) => n + r.errors, 0)], 'count') },
        },
        notes: [`${chains} sequential chains in parallel, each sending the cookie the previous refresh returned`],
      };
    } finally {
      agent.destroy();
      await bare.stop();
    }
  },
};
