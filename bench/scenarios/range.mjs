// Parallel Range requests, as a download manager makes them: a file (300 MB; smoke 8 MB) fetched as 32 distinct
// slices at once (one connection each) from its signed link, in the embedded default (the app streams from
// local disk). Each slice must come back 206 with its Content-Range and length; the reassembled bytes must have
// the uploaded sha256. Reference: nginx sending the same stored file with the same 32 ranges. Reports errors
// (failed, refused or wrong slices) and the time until the last slice is complete.
import { createHash } from 'node:crypto';
import { createPlainUser, signIn } from '../lib/db.mjs';
import { deleteFile, downloadLink, fetchBytes, generatedSha256, keyOfLink, MB, uploadChecked } from '../lib/files.mjs';
import { alternate } from '../lib/load.mjs';
import { nginxProblem, startGateway } from '../lib/reference.mjs';
import { ratioFigure, summarize } from '../lib/stats.mjs';

const SLICES = 32;

/** The 32 inclusive byte ranges covering `size`. */
function slices(size) {
  const step = Math.ceil(size / SLICES);
  return Array.from({ length: SLICES }, (_, i) => ({ start: i * step, end: Math.min(size, (i + 1) * step) - 1 })).filter((r) => r.start <= r.end);
}

/**
 * All slices of `url()` at once. Returns { ms, errors, problems, sha256 (of the reassembled bytes, when
 * complete) }; a slice that fails, is not 206 or has the wrong range or length is an error.
 */
async function fetchSlices(url, size, headers = {}) {
  const ranges = slices(size);
  const started = performance.now();
  const results = await Promise.allSettled(ranges.map((r) => fetchBytes(url, { headers: { ...headers, range: `bytes=${r.start}-${r.end}` }, keep: true })));
  const ms = performance.now() - started;
  const problems = [];
  results.forEach((res, i) => {
    const r = ranges[i];
    if (res.status === 'rejected') return problems.push(`bytes=${r.start}-${r.end}: ${res.reason?.message ?? res.reason}`);
    const v = res.value;
    const expected = `bytes ${r.start}-${r.end}/${size}`;
    if (v.status !== 206) problems.push(`bytes=${r.start}-${r.end}: status ${v.status}`);
    else if (v.headers['content-range'] !== expected) problems.push(`bytes=${r.start}-${r.end}: Content-Range "${v.headers['content-range']}"`);
    else if (v.bytes !== r.end - r.start + 1) problems.push(`bytes=${r.start}-${r.end}: ${v.bytes} bytes`);
  });
  let sha256 = null;
  if (!problems.length) {
    const h = createHash('sha256');
    for (const res of results) h.update(res.value.body);
    sha256 = h.digest('hex');
  }
  return { ms, mbps: size / MB / (ms / 1000), errors: problems.length, problems, sha256 };
}

export default {
  name: 'range',
  order: 61,
  title: `${SLICES} parallel Range requests covering a file, embedded default vs nginx`,
  async run(ctx) {
    const problem = nginxProblem();
    if (problem) return { skipped: problem };
    const size = ctx.smoke ? 8 * MB : 300 * MB;
    const sha = generatedSha256(size);
    const adminToken = await signIn(ctx.app.url, ctx.app.admin);
    const { file } = await uploadChecked({ baseUrl: ctx.app.url, token: adminToken, size, fileName: 'bench-range.bin' });
    let nginx = null;
    try {
      const userToken = await signIn(ctx.app.url, await createPlainUser(ctx.app));
      const key = keyOfLink((await downloadLink(ctx.app.url, userToken, file.id)).url);
      nginx = await startGateway({ plain: { '/plain/': ctx.app.filesDir } });
      const refUrl = `${nginx.url}/plain/${key}`;
      const problems = [];
      const side = (who, url, headers = () => ({})) => async () => {
        const r = await fetchSlices(await url(), size, headers());
        if (r.sha256 && r.sha256 !== sha) throw new Error(`${who}: reassembled sha256 ${r.sha256}, uploaded ${sha}`);
        if (r.problems.length) problems.push(...r.problems.slice(0, 3).map((p) => `${who}: ${p}`));
        return r;
      };
      // A fresh signed link each round (a link lives DOWNLOAD_URL_TTL_SECONDS), made before the clock starts.
      let link = null;
      const appSide = side('app', async () => ctx.app.url + link.url, () => link.headers);
      const nextLink = async () => {
        link = await downloadLink(ctx.app.url, userToken, file.id);
      };
      const refSide = side('nginx', async () => refUrl);
      // One untimed pass of each, which must be complete and correct: a broken path fails the scenario.
      await nextLink();
      for (const [who, run] of [['app', appSide], ['nginx', refSide]]) {
        const r = await run();
        if (r.errors) throw new Error(`${who}: ${r.errors} of ${SLICES} slices failed: ${r.problems.slice(0, 3).join('; ')}`);
      }
      const res = await alternate({
        rounds: ctx.rounds,
        app: async () => {
          await nextLink();
          return appSide();
        },
        ref: refSide,
        log: ctx.log,
      });
      const s = (list, key, unit) => summarize(list.map((r) => r[key]), unit);
      return {
        metrics: {
          'range.ms': { label: `${SLICES} slices, time to the last byte`, ...s(res.app, 'ms', 'ms') },
          'range.ref_ms': { label: 'nginx: time to the last byte', ...s(res.ref, 'ms', 'ms') },
          'range.mbps': { label: `${SLICES} slices, MB/s`, ...s(res.app, 'mbps', 'MB/s') },
          'range.ref_mbps': { label: 'nginx: MB/s', ...s(res.ref, 'mbps', 'MB/s') },
          'range.ratio': ratioFigure('app/nginx MB/s', res.app.map((r) => r.mbps), res.ref.map((r) => r.mbps)),
          'range.errors': { label: 'failed or wrong slices (all rounds)', ...summarize([res.app.reduce((n, r) => n + r.errors, 0)], 'count') },
        },
        notes: [
          `${size / MB} MB file, ${SLICES} slices of ${Math.ceil(size / SLICES)} bytes, one connection each, all at once; reassembled bytes checked by sha256 every round`,
          ...problems.slice(0, 5),
        ],
      };
    } finally {
      await nginx?.stop();
      const err = await deleteFile(ctx.app.url, adminToken, file.id);
      if (err) ctx.log(`  cleanup: ${err}`);
    }
  },
};
