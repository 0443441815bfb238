// Does the api stay responsive while it streams big downloads (embedded default: Node sends the bytes)? A light
// signed-in read, GET /api/files/summary, probed at a fixed rate (100 req/s, open loop, keep-alive), idle and
// while 8 downloads of a big file (300 MB; smoke 8 MB) stream from the same app, restarted as they finish:
//   limited     8 clients sharing 125 MB/s (a saturated 1 Gbit/s uplink), each paced by TCP back-pressure
//   unlimited   8 clients reading as fast as loopback allows (worst case: the app and the clients share 2 cores)
// Control windows (when nginx is installed): the same downloads of the same stored file sent by nginx instead of
// the app, while the app is probed; what they add to idle is the machine's share (clients, loopback, 2 cores),
// the rest is the app's own cost of streaming. The downloads run in their own process
// (bench/lib/background-gets.mjs). The windows rotate order each round. Reported: p99 of each (all its rounds'
// probes pooled), ratio to idle.
import { startBackgroundGets } from '../lib/background-gets.mjs';
import { createPlainUser, signIn } from '../lib/db.mjs';
import { deleteFile, downloadLink, fetchBytes, keyOfLink, MB, uploadChecked } from '../lib/files.mjs';
import { paced } from '../lib/load.mjs';
import { nginxProblem, startGateway } from '../lib/reference.mjs';
import { percentile, ratioFigure, summarize } from '../lib/stats.mjs';

const STREAMS = 8;
/** 1 Gbit/s shared by the downloads. */
const LINK_BYTES_PER_S = 125 * MB;
const PROBE = { path: '/api/files/summary', rate: 100 };

export default {
  name: 'api-under-downloads',
  order: 62,
  title: `p99 of a light signed-in read, idle vs while ${STREAMS} big downloads stream from the app`,
  async run(ctx) {
    const size = ctx.smoke ? 8 * MB : 300 * MB;
    const adminToken = await signIn(ctx.app.url, ctx.app.admin);
    const { file } = await uploadChecked({ baseUrl: ctx.app.url, token: adminToken, size, fileName: 'bench-stream.bin' });
    let nginx = null;
    try {
      const token = await signIn(ctx.app.url, await createPlainUser(ctx.app));
      const headers = { authorization: `Bearer ${token}` };
      const check = await fetchBytes(ctx.app.url + PROBE.path, { headers, keep: true });
      if (check.status !== 200) throw new Error(`${PROBE.path} answered ${check.status}: ${check.body.toString().slice(0, 200)}`);
      const key = keyOfLink((await downloadLink(ctx.app.url, token, file.id)).url);
      if (!nginxProblem()) nginx = await startGateway({ plain: { '/plain/': ctx.app.filesDir } });
      const probe = () => paced({ url: ctx.app.url + PROBE.path, headers, rate: PROBE.rate, duration: ctx.duration });
      // A fresh link per window (a link lives DOWNLOAD_URL_TTL_SECONDS; all 8 clients reuse it).
      const fromApp = async () => {
        const link = await downloadLink(ctx.app.url, token, file.id);
        return { url: ctx.app.url + link.url, headers: link.headers };
      };
      const fromNginx = async () => ({ url: `${nginx.url}/plain/${key}` });
      const underDownloads = async (source, rate) => {
        const { url, headers: sent } = await source();
        const downloads = await startBackgroundGets({ urls: [url], headers: sent, streams: STREAMS, rate });
        let result;
        let totals;
        try {
          result = await probe();
        } finally {
          totals = await downloads.stop();
        }
        if (totals.errors) throw new Error(`background downloads failed ${totals.errors} times (${JSON.stringify(totals.statuses)})`);
        return { probe: result, mbps: totals.bytes / MB / totals.seconds };
      };
      const limit = LINK_BYTES_PER_S / STREAMS;
      const windows = {
        idle: async () => ({ probe: await probe() }),
        limited: () => underDownloads(fromApp, limit),
        unlimited: () => underDownloads(fromApp, 0),
        ...(nginx ? { limited_nginx: () => underDownloads(fromNginx, limit), unlimited_nginx: () => underDownloads(fromNginx, 0) } : {}),
      };
      if (ctx.warmup) await windows.idle();
      const names = Object.keys(windows);
      const out = Object.fromEntries(names.map((n) => [n, []]));
      for (let i = 0; i < ctx.rounds; i++) {
        const order = names.map((_, k) => names[(k + i) % names.length]);
        for (const n of order) {
          const r = await windows[n]();
          out[n].push(r);
          const errors = r.probe.errors + r.probe.non2xx;
          ctx.log(
            `  round ${i + 1}/${ctx.rounds} ${n.padEnd(15)} p99 ${r.probe.p99.toFixed(1)} ms, p50 ${r.probe.p50.toFixed(1)} ms` +
              `${r.mbps !== undefined ? `, downloads ${r.mbps.toFixed(0)} MB/s` : ''}${errors ? `, probe errors ${errors}` : ''}`,
          );
        }
      }
      // Each p99 figure is the p99 of every probe of that kind, all rounds pooled (500 a window, 2,500 over 5 rounds);
      // its spread is the windows' own p99s. One window's p99 is its 5th-slowest answer: one scheduler hiccup moved the
      // idle one from 1.5 to 6 ms between rounds, and a ratio of medians of those settled nothing at 1.2x.
      const p99 = (n) => out[n].map((r) => r.probe.p99);
      const pooledP99 = (n) => percentile(out[n].flatMap((r) => r.probe.timed.map(([, ms]) => ms)), 99);
      const p99Figure = (n, label) => ({ label, ...summarize(p99(n), 'ms'), value: pooledP99(n) });
      const toIdle = (n, label) => ({ ...ratioFigure(label, p99(n), p99('idle')), value: pooledP99(n) / pooledP99('idle') });
      const mbps = (n) => summarize(out[n].map((r) => r.mbps), 'MB/s');
      const errors = names.reduce((s, n) => s + out[n].reduce((t, r) => t + r.probe.errors + r.probe.non2xx, 0), 0);
      const total = `${LINK_BYTES_PER_S / MB} MB/s in all`;
      const metrics = {
        idle_p99: p99Figure('idle', `${PROBE.path} p99, idle`),
        idle_p50: { label: `${PROBE.path} p50, idle`, ...summarize(out.idle.map((r) => r.probe.p50), 'ms') },
        limited_p99: p99Figure('limited', `p99, app sends ${STREAMS} downloads at ${total}`),
        limited_ratio: toIdle('limited', 'p99 limited / idle'),
        limited_mbps: { label: 'download MB/s in all (limited)', ...mbps('limited') },
        unlimited_p99: p99Figure('unlimited', `p99, app sends ${STREAMS} unlimited downloads`),
        unlimited_ratio: toIdle('unlimited', 'p99 unlimited / idle'),
        unlimited_mbps: { label: 'download MB/s in all (unlimited)', ...mbps('unlimited') },
      };
      if (nginx) {
        Object.assign(metrics, {
          limited_nginx_ratio: toIdle('limited_nginx', 'control: p99 while nginx sends them (limited) / idle'),
          unlimited_nginx_ratio: toIdle('unlimited_nginx', 'control: p99 while nginx sends them (unlimited) / idle'),
          unlimited_nginx_mbps: { label: 'control: nginx download MB/s (unlimited)', ...mbps('unlimited_nginx') },
        });
      }
      metrics.errors = { label: 'probe errors + non-2xx (all windows)', ...summarize([errors], 'count') };
      return {
        metrics,
        notes: [
          `probe: ${PROBE.path} signed in as a plain user, ${PROBE.rate} req/s on schedule, ${ctx.duration} s per window`,
          `downloads: ${STREAMS} clients in a separate process, each re-fetching the ${size / MB} MB file's signed link; limited = ${total}`,
          nginx ? 'control windows: the same downloads from nginx (sendfile) while the app is probed' : `no control windows: ${nginxProblem()}`,
        ],
      };
    } finally {
      await nginx?.stop();
      const err = await deleteFile(ctx.app.url, adminToken, file.id);
      if (err) ctx.log(`  cleanup: ${err}`);
    }
  },
};
