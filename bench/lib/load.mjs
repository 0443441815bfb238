// HTTP load with autocannon, a paced latency probe, and the alternating app/reference rounds every comparison uses.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { keepAliveAgent, request } from './http.mjs';
import { percentile, summarize } from './stats.mjs';

// autocannon appends every response body to a string (`req.body += chunk`) in case a body check needs it. For
// binary bodies (brotli/gzip) that UTF-8 decoding costs more than the request itself and caps the client near
// 2,000 req/s for a 25 KB .br file. No check here reads bodies (bytes are counted from the socket), so skip it.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
PipelinedRequestsQueue.prototype.addBody = () => undefined;

/**
 * One autocannon run; returns req/s (mean over the run), latency percentiles in ms and error counts. With
 * `amount` it sends that many requests instead of running for `duration` (for endpoints so slow that a window
 * would end with every request still in flight); `timeout` is per request, in seconds.
 *
 * The percentiles come from each 2xx answer's own time (µs resolution): autocannon's histogram keeps whole ms, and
 * where a quick read's idle p99 is under 1 ms it printed 0 or 1 ms, so a ratio to it (issue 27's stalls) said nothing.
 */
export async function load({ url, connections = 64, duration = 5, requests, headers = {}, method = 'GET', amount, timeout = 10 }) {
  const instance = autocannon({
    url,
    connections,
    duration,
    method,
    headers,
    requests,
    timeout,
    ...(amount ? { amount } : {}),
  });
  const times = [];
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  const at = (p) => (times.length ? Math.round(percentile(times, p) * 100) / 100 : result.latency[`p${p}`]);
  return {
    rps: amount ? result.requests.total / result.duration : result.requests.average,
    p50: at(50),
    p99: at(99),
    bytesPerSec: result.throughput.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Runs `app` and `ref` (async functions returning figures) in alternating order over `rounds` rounds
 * (app first in odd rounds, reference first in even ones), after one untimed warm-up of each when warmup is set.
 * Returns the per-round results of both.
 */
export async function alternate({ rounds, app, ref, warmup, log = () => undefined }) {
  if (warmup) {
    await warmup('app');
    await warmup('ref');
  }
  const out = { app: [], ref: [] };
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? ['app', 'ref'] : ['ref', 'app'];
    for (const who of order) {
      const r = await (who === 'app' ? app() : ref());
      out[who].push(r);
      log(`  round ${i + 1}/${rounds} ${who.padEnd(3)} ${describe(r)}`);
    }
  }
  return out;
}

function describe(r) {
  const parts = [];
  if (r.rps !== undefined) parts.push(`${Math.round(r.rps)} req/s`);
  if (r.ops !== undefined) parts.push(`${r.ops.toFixed(1)} ops/s`);
  if (r.mbps !== undefined) parts.push(`${r.mbps.toFixed(0)} MB/s`);
  if (r.ms !== undefined && r.rps === undefined) parts.push(`${r.ms.toFixed(0)} ms`);
  if (r.p50 !== undefined && r.rps === undefined) parts.push(`p50 ${r.p50.toFixed(1)} ms`);
  if (r.p99 !== undefined) parts.push(`p99 ${Number(r.p99).toFixed(1)} ms`);
  if (r.errors || r.non2xx) parts.push(`errors ${r.errors ?? 0}, non-2xx ${r.non2xx ?? 0}`);
  return parts.join(', ');
}

/** Standard figures of an app-vs-reference throughput comparison: req/s of both, their ratio, p99 of both. */
export function compareFigures(prefix, res) {
  const ratios = res.app.map((a, i) => (res.ref[i]?.rps ? a.rps / res.ref[i].rps : NaN));
  const appRps = summarize(res.app.map((r) => r.rps), 'req/s');
  const refRps = summarize(res.ref.map((r) => r.rps), 'req/s');
  return {
    [`${prefix}.rps`]: { label: `${prefix} req/s`, ...appRps },
    [`${prefix}.ref_rps`]: { label: `${prefix} reference req/s`, ...refRps },
    // Ratio of the medians; the spread is that of the per-round ratios.
    [`${prefix}.ratio`]: {
      label: `${prefix} app/reference`,
      ...summarize(ratios, 'x'),
      value: refRps.value ? appRps.value / refRps.value : null,
    },
    [`${prefix}.p99`]: { label: `${prefix} p99`, ...summarize(res.app.map((r) => r.p99), 'ms') },
    [`${prefix}.ref_p99`]: { label: `${prefix} reference p99`, ...summarize(res.ref.map((r) => r.p99), 'ms') },
    // p99 of each round over its reference's p99 in the same run: a goal that means the same on any machine.
    [`${prefix}.p99_ratio`]: { label: `${prefix} p99 / reference p99`, ...summarize(res.app.map((a, i) => (res.ref[i]?.p99 ? a.p99 / res.ref[i].p99 : NaN)), 'x') },
    [`${prefix}.errors`]: {
      label: `${prefix} errors + non-2xx (all rounds)`,
      ...summarize([res.app.reduce((s, r) => s + (r.errors ?? 0) + (r.non2xx ?? 0), 0)], 'count'),
    },
  };
}

/**
 * A latency probe at a fixed rate (open loop: requests start on schedule, rate per second, whether or not the
 * previous ones have answered; autocannon's overallRate sends each second's quota in a burst instead). Latency
 * runs from sending to the answer's end (the client never waits for the server, so nothing is omitted; timer
 * jitter of the client is not counted). `until()` true ends it early. Returns { p50, p99, max, count, errors,
 * non2xx, timed } (ms; timed: [start, latency] of each answered request).
 */
export async function paced({ url, headers = {}, rate = 100, duration = 5, maxSockets = 32, until = () => false }) {
  const agent = keepAliveAgent(maxSockets);
  /** [ms from the probe's start to the request's, its latency] of each answered request */
  const timed = [];
  let errors = 0;
  let non2xx = 0;
  const pending = [];
  const interval = 1000 / rate;
  const started = performance.now();
  const total = Math.round(rate * duration);
  try {
    for (let k = 0; k < total && !until(); k++) {
      const at = started + k * interval;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(
        request(url, { headers, agent }).then(
          (res) => {
            if (res.status < 200 || res.status >= 300) non2xx += 1;
            else timed.push([at - started, res.ms]);
          },
          () => {
            errors += 1;
          },
        ),
      );
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  const latencies = timed.map(([, ms]) => ms);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: percentile(latencies, 100), count: latencies.length, errors, non2xx, timed };
}
