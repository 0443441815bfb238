// A big upload (2 GB; smoke 64 MB) as the admin: POST /api/admin/files, multipart, the body generated while it is
// sent (never held in memory or written to disk by the client), into the app's local-disk storage. The api
// process's resident memory (VmRSS of /proc/<pid>/status) is sampled every 100 ms: its growth from just before
// the upload to the peak during it shows whether the upload streams. The stored size and sha256 are checked,
// and the file is deleted after each round. Reference: bare node:http writing the same request body through
// sha256 and sha512 to a file, flushed (what the app's storage does, without multipart parsing, framework or
// database), app and reference alternating.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../lib/db.mjs';
import { deleteFile, generatedSha256, MB, uploadGenerated } from '../lib/files.mjs';
import { alternate } from '../lib/load.mjs';
import { onExit, rssBytes, sampleRss } from '../lib/processes.mjs';
import { startBare } from '../lib/reference.mjs';
import { ratioFigure, summarize } from '../lib/stats.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One upload to `baseUrl` while sampling pid's RSS; { mbps, ms, before, peak, growth } (MB), checked by `verify`. */
async function measured({ baseUrl, token, pid, size, verify }) {
  await sleep(300);
  const before = rssBytes(pid);
  const sampler = sampleRss(pid, 100);
  let res;
  let rss;
  try {
    res = await uploadGenerated({ baseUrl, token, size, fileName: 'bench-upload.bin' });
  } finally {
    rss = sampler.stop();
  }
  await verify(res);
  return { mbps: size / MB / (res.ms / 1000), ms: res.ms, before: before / MB, peak: rss.peak / MB, growth: (rss.peak - before) / MB };
}

export default {
  name: 'upload-rss',
  order: 63,
  title: 'A 2 GB upload streamed to storage: api RSS growth and MB/s vs bare node:http writing the body to disk',
  async run(ctx) {
    if (!ctx.app.pid || rssBytes(ctx.app.pid) === null) return { skipped: `no /proc/${ctx.app.pid}/status to read the api's memory from` };
    const size = ctx.smoke ? 64 * MB : 2000 * MB;
    const sha = generatedSha256(size);
    const token = await signIn(ctx.app.url, ctx.app.admin);
    const sinkDir = mkdtempSync(join(tmpdir(), 'solvr-bench-sink-'));
    const forgetDir = onExit(() => rmSync(sinkDir, { recursive: true, force: true }));
    const leftovers = new Set();
    let bare = null;
    try {
      bare = await startBare({ BARE_KIND: 'sink', BARE_SINK_DIR: sinkDir });
      const app = () =>
        measured({
          baseUrl: ctx.app.url,
          token,
          pid: ctx.app.pid,
          size,
          verify: async (res) => {
            if (res.json?.id) leftovers.add(res.json.id);
            if (res.status !== 201 || !res.json?.id) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
            if (res.json.file_size !== size || res.json.sha256 !== sha) throw new Error(`stored ${res.json.file_size} bytes, sha256 ${res.json.sha256}; sent ${size}, ${sha}`);
            const err = await deleteFile(ctx.app.url, token, res.json.id);
            if (err) throw new Error(err);
            leftovers.delete(res.json.id);
          },
        });
      const ref = () =>
        measured({
          baseUrl: bare.url,
          token,
          pid: bare.pid,
          size,
          verify: async (res) => {
            // The sink stores the whole multipart body: somewhat more than the file.
            if (res.status !== 201 || !(res.json?.size > size)) throw new Error(`bare sink answered ${res.status}: ${res.body.slice(0, 200)}`);
          },
        });
      const res = await alternate({ rounds: ctx.rounds, app, ref, log: ctx.log });
      for (const [who, list] of Object.entries(res)) {
        list.forEach((r, i) => ctx.log(`  ${who} round ${i + 1}: RSS ${r.before.toFixed(0)} → peak ${r.peak.toFixed(0)} MB (+${r.growth.toFixed(1)} MB)`));
      }
      const s = (list, key, unit) => summarize(list.map((r) => r[key]), unit);
      const growth = res.app.map((r) => r.growth);
      return {
        metrics: {
          rss_growth: { label: 'api RSS growth, peak during minus before (largest of the rounds)', ...summarize(growth, 'MB'), value: Math.max(...growth) },
          rss_before: { label: 'api RSS before the upload', ...s(res.app, 'before', 'MB') },
          rss_peak: { label: 'api RSS peak during the upload', ...s(res.app, 'peak', 'MB') },
          mbps: { label: 'upload MB/s (first byte sent to 201)', ...s(res.app, 'mbps', 'MB/s') },
          ref_mbps: { label: 'bare node:http sink MB/s', ...s(res.ref, 'mbps', 'MB/s') },
          ratio: ratioFigure('app/bare MB/s', res.app.map((r) => r.mbps), res.ref.map((r) => r.mbps)),
          ref_rss_growth: { label: 'bare sink RSS growth (largest of the rounds)', ...summarize(res.ref.map((r) => r.growth), 'MB'), value: Math.max(...res.ref.map((r) => r.growth)) },
        },
        notes: [
          `${size / MB} MB generated while sent (one random 1 MiB block repeated), Content-Length set, back-pressure respected; RSS sampled every 100 ms; MB = 10^6 bytes`,
          'every upload checked by the stored size and sha256, then deleted (DELETE /api/admin/files/:id)',
        ],
      };
    } finally {
      for (const id of leftovers) {
        const err = await deleteFile(ctx.app.url, token, id);
        if (err) ctx.log(`  cleanup: ${err}`);
      }
      await bare?.stop();
      rmSync(sinkDir, { recursive: true, force: true });
      forgetDir();
    }
  },
};
