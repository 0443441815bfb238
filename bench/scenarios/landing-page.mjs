// The landing page (/) in Chromium: JS bytes on the wire and Largest Contentful Paint, unthrottled and under
// mobile emulation as Lighthouse's mobile preset (4x CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 Kbps
// up, 412x823 viewport). A fresh browser context (empty cache) per load. Then cold: the first byte of / and each
// load after 10 s in which nobody asked for a page (issue 27: pages are rendered when the news changes, not then).
// The reference for the cold first byte: nginx serving the same document (its brotli bytes, brotli_static), asked
// the same way after the same idle gap, in turn with the app: what waking an idle process costs on this machine;
// and a bare node:http process sending the same bytes: what waking an idle Node process costs, framework aside.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { nginxProblem, startBare, startNginx } from '../lib/reference.mjs';
import { ratioFigure, summarize } from '../lib/stats.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KB = 1000; // as DevTools and the figures

const CONDITIONS = {
  unthrottled: { context: { viewport: { width: 1350, height: 940 } }, quietMs: 1000 },
  mobile: {
    context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    cpu: 4,
    quietMs: 3000,
    network: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  },
};

/** One page load: { jsBytes, scripts: [{ url, bytes }], lcp (ms) }. */
async function loadOnce(browser, url, condition) {
  const context = await browser.newContext(condition.context);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map();
    // Own "network quiet" tracking: under 4x CPU throttling the shell can parse for longer than Playwright's
    // 500 ms networkidle window before it asks for the remotes, which would end the measurement too early.
    const inflight = new Set();
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      inflight.add(e.requestId);
      lastActivity = performance.now();
    });
    for (const ev of ['Network.loadingFinished', 'Network.loadingFailed']) {
      cdp.on(ev, (e) => {
        inflight.delete(e.requestId);
        lastActivity = performance.now();
      });
    }
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script' || /javascript/.test(e.response.mimeType ?? '')) scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });
    if (condition.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
    if (condition.network) await cdp.send('Network.emulateNetworkConditions', condition.network);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const deadline = performance.now() + 90_000;
    while (performance.now() < deadline && (inflight.size > 0 || performance.now() - lastActivity < condition.quietMs)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = null;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) last = e.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(last), 250);
        }),
    );
    const list = [...scripts.values()];
    return { jsBytes: list.reduce((s, x) => s + x.bytes, 0), scripts: list, lcp };
  } finally {
    await context.close();
  }
}

/** Headers that describe one answer's bytes or connection; nginx sets its own. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'content-type', 'transfer-encoding', 'vary', 'etag', 'last-modified']);

/** The document the app sends for `url` (as a browser asks for it), in brotli and decoded, and its other headers. */
function documentOf(url) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { accept: 'text/html', 'accept-encoding': 'br' } }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => {
        const br = Buffer.concat(parts);
        const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !OWN_HEADERS.has(name)));
        resolve({ br, html: res.headers['content-encoding'] === 'br' ? brotliDecompressSync(br) : br, headers });
      });
    }).on('error', reject);
  });
}

/**
 * nginx serving the document (documentOf) as its index with the app's headers (CSP, Cross-Origin-Opener-Policy... which change
 * how Chromium loads the page: COOP alone moves a fresh tab's first page into a new process), brotli_static when
 * Debian's module is there; null without nginx. Its scripts are not there: the page asks for them only after its
 * first contentful paint, so its LCP is the document's (the server-rendered heading), as the app's is.
 */
async function nginxWithDocument({ br, html, headers }) {
  if (nginxProblem()) return null;
  const root = mkdtempSync(join(tmpdir(), 'solvr-bench-landing-'));
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'index.html.br'), br);
  const nginx = await startNginx(root, { headers });
  return { url: `${nginx.url}/`, stop: async () => { await nginx.stop(); rmSync(root, { recursive: true, force: true }); } };
}

/**
 * A bare node:http process (its own, like the app) answering every request with the page's brotli bytes: what Node
 * itself takes to a first byte after an idle gap, next to nginx's, so that the app's cold figure can be read.
 */
async function bareWithDocument({ br }) {
  const root = mkdtempSync(join(tmpdir(), 'solvr-bench-landing-bare-'));
  const file = join(root, 'index.html.br');
  writeFileSync(file, br);
  const bare = await startBare({ BARE_KIND: 'bytes', BARE_BODY_FILE: file, BARE_CONTENT_TYPE: 'text/html; charset=utf-8', BARE_CONTENT_ENCODING: 'br' });
  return { url: `${bare.url}/`, stop: async () => { await bare.stop(); rmSync(root, { recursive: true, force: true }); } };
}

/** Milliseconds from sending a GET of the page (as a browser asks: HTML, brotli) to its first byte. */
function timeToFirstByte(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    httpGet(url, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }, (res) => {
      res.once('data', () => resolve(performance.now() - started));
      res.resume();
    }).on('error', reject);
  });
}

const idle = (ms) => new Promise((r) => setTimeout(r, ms));

/** What the same scripts would weigh brotli-compressed at quality 11 (fetched again, decoded, recompressed). */
async function brotliSize(scripts) {
  let total = 0;
  for (const url of new Set(scripts.map((s) => s.url))) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

export default {
  name: 'landing',
  order: 30,
  title: 'Landing page in Chromium: JS on the wire and LCP, unthrottled and mobile-emulated',
  async run(ctx) {
    if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)` };
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
    });
    const url = `${ctx.app.url}/`;
    let reference = null;
    let bare = null;
    try {
      const document = await documentOf(url);
      reference = await nginxWithDocument(document);
      bare = await bareWithDocument(document);
      const runs = ctx.smoke ? 1 : Math.max(3, ctx.rounds);
      const results = { unthrottled: [], mobile: [] };
      // The same document and headers from nginx, loaded in turn with the app's: what Chromium takes on this machine.
      const nginxLcp = { unthrottled: [], mobile: [], cold_unthrottled: [], cold_mobile: [] };
      await loadOnce(browser, url, CONDITIONS.unthrottled); // warm the server (not the browser: contexts are fresh)
      for (let i = 0; i < runs; i++) {
        for (const name of Object.keys(CONDITIONS)) {
          const order = i % 2 ? ['nginx', 'app'] : ['app', 'nginx'];
          for (const which of order) {
            if (which === 'app') results[name].push(await loadOnce(browser, url, CONDITIONS[name]));
            else if (reference) nginxLcp[name].push((await loadOnce(browser, reference.url, CONDITIONS[name])).lcp);
          }
          const r = results[name][i];
          ctx.log(`  run ${i + 1}/${runs} ${name.padEnd(11)} JS ${(r.jsBytes / KB).toFixed(1)} KB in ${r.scripts.length} files, LCP ${r.lcp?.toFixed(0)} ms (nginx, same page: ${nginxLcp[name][i]?.toFixed(0) ?? '-'} ms)`);
        }
      }
      // Cold (issue 27): each visit after an idle gap, when nobody has asked for the page for a while.
      const gapMs = ctx.smoke ? 500 : 10_000;
      const cold = { ttfb: [], nginx: [], bare: [], unthrottled: [], mobile: [] };
      const coldUrls = { ttfb: url, nginx: reference?.url, bare: bare.url };
      for (let i = 0; i < runs; i++) {
        // In turn, each after its own gap: which goes first changes from run to run.
        const order = ['ttfb', 'nginx', 'bare'];
        for (let k = 0; k < i % 3; k++) order.push(order.shift());
        for (const which of order) {
          if (!coldUrls[which]) continue;
          await idle(gapMs);
          cold[which].push(await timeToFirstByte(coldUrls[which]));
        }
      }
      for (let i = 0; i < runs; i++) {
        for (const name of Object.keys(CONDITIONS)) {
          await idle(gapMs);
          cold[name].push((await loadOnce(browser, url, CONDITIONS[name])).lcp);
          if (!reference || ctx.smoke) continue;
          await idle(gapMs);
          nginxLcp[`cold_${name}`].push((await loadOnce(browser, reference.url, CONDITIONS[name])).lcp);
        }
        ctx.log(
          `  cold run ${i + 1}/${runs} (after ${gapMs / 1000} s idle): first byte ${cold.ttfb[i].toFixed(1)} ms (nginx, same page: ${cold.nginx[i]?.toFixed(1) ?? '-'} ms; bare node:http ${cold.bare[i]?.toFixed(1) ?? '-'} ms), ` +
            `LCP ${cold.unthrottled[i]?.toFixed(0)} ms (nginx ${nginxLcp.cold_unthrottled[i]?.toFixed(0) ?? '-'}), mobile ${cold.mobile[i]?.toFixed(0)} ms (nginx ${nginxLcp.cold_mobile[i]?.toFixed(0) ?? '-'})`,
        );
      }
      const all = [...results.unthrottled, ...results.mobile];
      // Which files the bytes are, largest first: where to look when the JS goal is missed.
      for (const file of [...results.unthrottled[0].scripts].sort((a, b) => b.bytes - a.bytes)) {
        ctx.log(`    ${(file.bytes / KB).toFixed(1).padStart(6)} KB  ${new URL(file.url).pathname}`);
      }
      const brotli = await brotliSize(results.unthrottled[0].scripts);
      const metrics = {
        js_kb: { label: 'JS transferred', ...summarize(all.map((r) => r.jsBytes / KB), 'KB') },
        js_kb_if_brotli: { label: 'same JS if brotli-compressed (q11)', ...summarize([brotli / KB], 'KB') },
        js_files: { label: 'JS files loaded', ...summarize(all.map((r) => r.scripts.length), 'count') },
        lcp_ms: { label: 'LCP unthrottled', ...summarize(results.unthrottled.map((r) => r.lcp), 'ms') },
        lcp_mobile_ms: { label: 'LCP mobile emulation', ...summarize(results.mobile.map((r) => r.lcp), 'ms') },
        cold_ttfb_ms: { label: `first byte of / after ${gapMs / 1000} s idle`, ...summarize(cold.ttfb, 'ms') },
        cold_ttfb_bare_ms: { label: `reference: a bare node:http process's first byte of the same bytes after ${gapMs / 1000} s idle`, ...summarize(cold.bare, 'ms') },
        ...(cold.nginx.length ? { cold_ttfb_nginx_ms: { label: `reference: nginx's first byte of the same page after ${gapMs / 1000} s idle`, ...summarize(cold.nginx, 'ms') } } : {}),
        lcp_cold_ms: { label: `LCP unthrottled, each load after ${gapMs / 1000} s idle`, ...summarize(cold.unthrottled, 'ms') },
        lcp_mobile_cold_ms: { label: `LCP mobile emulation, each load after ${gapMs / 1000} s idle`, ...summarize(cold.mobile, 'ms') },
      };
      const nginxLabels = {
        unthrottled: 'LCP unthrottled',
        mobile: 'LCP mobile emulation',
        cold_unthrottled: `LCP unthrottled after ${gapMs / 1000} s idle`,
        cold_mobile: `LCP mobile emulation after ${gapMs / 1000} s idle`,
      };
      const appLcp = { unthrottled: results.unthrottled.map((r) => r.lcp), mobile: results.mobile.map((r) => r.lcp), cold_unthrottled: cold.unthrottled, cold_mobile: cold.mobile };
      const ratioNames = { unthrottled: 'lcp_ratio', mobile: 'lcp_mobile_ratio', cold_unthrottled: 'lcp_cold_ratio', cold_mobile: 'lcp_mobile_cold_ratio' };
      for (const [name, label] of Object.entries(nginxLabels)) {
        if (!nginxLcp[name].length) continue;
        metrics[`lcp_${name}_nginx_ms`] = { label: `reference: ${label}, the same document and headers from nginx`, ...summarize(nginxLcp[name], 'ms') };
        // The goal: this machine's figures move from one run to the next, the app's against nginx's in the same run do not.
        metrics[ratioNames[name]] = ratioFigure(`${label}: app / nginx`, appLcp[name], nginxLcp[name]);
      }
      if (cold.bare.length) metrics.cold_ttfb_ratio = ratioFigure(`first byte after ${gapMs / 1000} s idle: app / bare node:http`, cold.ttfb, cold.bare);
      const notes = [
        `${runs} load(s) per condition, fresh context each; KB = 1000 bytes, transferred = encoded body + response headers`,
        `mobile: CPU 4x slower, RTT 150 ms, 1.6 Mbps down / 750 Kbps up, 412x823 @1.75`,
      ];
      return { metrics, notes };
    } finally {
      await reference?.stop();
      await bare?.stop();
      await browser.close();
    }
  },
};
