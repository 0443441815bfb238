// Does the api stay responsive while it streams big downloads (embedded default: Node sends the bytes)? A light
// signed-in read, GET /api/files/summary, probed at a fixed rate (100 req/s, open loop, keep-alive), idle and
// while 8 downloads of a big file (300 MB; smoke 8 MB) stream from the same app, restarted as they finish:
//   limited     8 clients sharing 125 MB/s (a saturated 1 Gbit/s uplink), each paced by TCP back-pressure
//   unlimited   8 clients reading as fast as loopback allows (worst case: the app and the clients share 2 cores)
// Control windows (when nginx is installed): the same downloads of the same stored file sent by nginx instead of
// the app, while the app is probed; what they add to idle is the machine's share (clients, loopback, 2 cores),
// the rest is the app's own cost of streaming. The downloads run in their own process
// (bench/lib/download-client.mjs). The windows rotate order each round. Reported: p99 of each, ratio to idle.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlainUser, signIn } from '../lib/db.mjs';
import { deleteFile, downloadLink, fetchBytes, keyOfLink, MB, uploadChecked } from '../lib/files.mjs';
import { paced } from '../lib/load.mjs';
import { startProcess, stopProcess } from '../lib/processes.mjs';
import { nginxProblem, startGateway } from '../lib/reference.mjs';
import { ratioFigure, summarize } from '../lib/stats.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const STREAMS = 8;
/** 1 Gbit/s shared by the downloads. */
const LINK_BYTES_PER_S = 125 * MB;
const PROBE = { path: '/api/files/summary', rate: 100 };

/** Starts the background downloads and waits until each has its first bytes; stop() returns their totals. */
async function startDownloads({ url, headers = {} }, rate) {
  const child = startProcess(process.execPath, [join(HERE, '../lib/download-client.mjs')], {
    env: { ...process.env, DL_URL: url, DL_COOKIE: headers.cookie ?? '', DL_STREAMS: String(STREAMS), DL_RATE: String(rate) },
  });
  const ok = await child.waitForOutput(/^started$/m, 20_000);
  if (!ok) {
    await stopProcess(child);
    throw new Error(`the background downloads did not start\n${child.output()}`);
  }
  return {
    async stop() {
      await stopProcess(child);
      const m = /result (\{.*\})/.exec(child.output());
      if (!m) throw new Error(`no result from the background downloads\n${child.output()}`);
      return JSON.parse(m[1]);
    },
  };
}

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
        const downloads = await startDownloads(await source(), rate);
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
      const p99 = (n) => out[n].map((r) => r.probe.p99);
      const mbps = (n) => summarize(out[n].map((r) => r.mbps), 'MB/s');
      const errors = names.reduce((s, n) => s + out[n].reduce((t, r) => t + r.probe.errors + r.probe.non2xx, 0), 0);
      const total = `${LINK_BYTES_PER_S / MB} MB/s in all`;
      const metrics = {
        idle_p99: { label: `${PROBE.path} p99, idle`, ...summarize(p99('idle'), 'ms') },
        idle_p50: { label: `${PROBE.path} p50, idle`, ...summarize(out.idle.map((r) => r.probe.p50), 'ms') },
        limited_p99: { label: `p99, app sends ${STREAMS} downloads at ${total}`, ...summarize(p99('limited'), 'ms') },
        limited_ratio: ratioFigure('p99 limited / idle', p99('limited'), p99('idle')),
        limited_mbps: { label: 'download MB/s in all (limited)', ...mbps('limited') },
        unlimited_p99: { label: `p99, app sends ${STREAMS} unlimited downloads`, ...summarize(p99('unlimited'), 'ms') },
        unlimited_ratio: ratioFigure('p99 unlimited / idle', p99('unlimited'), p99('idle')),
        unlimited_mbps: { label: 'download MB/s in all (unlimited)', ...mbps('unlimited') },
      };
      if (nginx) {
        Object.assign(metrics, {
          limited_nginx_ratio: ratioFigure('control: p99 while nginx sends them (limited) / idle', p99('limited_nginx'), p99('idle')),
          unlimited_nginx_ratio: ratioFigure('control: p99 while nginx sends them (unlimited) / idle', p99('unlimited_nginx'), p99('idle')),
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
