// Download of a big file (300 MB; smoke 8 MB) by a signed-in user: POST /api/files/:id/download for the signed
// link, then GET that link to the end, timed together, many downloads per round. Two set-ups:
//   gateway   a second app instance with DOWNLOAD_ACCEL_PREFIX=/_stored/ behind nginx configured as
//             deploy/nginx/gateway.conf.template: both requests go through nginx, the api answers X-Accel-Redirect
//             and nginx sends the bytes from the app's storage directory;
//   embedded  the default: the app (the run's instance) streams the file from local disk itself.
// Reference for both: the same nginx sending the same stored file from a plain location (same sendfile settings),
// app and reference downloads interleaved one by one. The embedded path is also compared with a bare node:http process streaming the same
// file with fs.createReadStream (issue 27: what Node itself can do, so the gap left is ours). Every download's status and size are checked, and each path's bytes once
// against the sha256 of what was uploaded, so a broken path cannot look fast. The timed downloads are read by curl
// (when installed): a node:http client tops out near 1 GB/s on loopback, under what nginx sends.
import { existsSync } from 'node:fs';
import { startApp } from '../lib/app.mjs';
import { createPlainUser, signIn } from '../lib/db.mjs';
import { CURL, deleteFile, downloadBytes, downloadLink, fetchBytes, generatedSha256, keepAlive, keyOfLink, MB, uploadChecked } from '../lib/files.mjs';
import { nginxProblem, startBare, startGateway } from '../lib/reference.mjs';
import { median, ratioFigure, summarize } from '../lib/stats.mjs';

const ACCEL_PREFIX = '/_stored/';

/** Checks one download's answer; `hash` also compares its sha256. Throws with what arrived. */
function check(what, res, size, expectedSha) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
  if (res.bytes !== size) throw new Error(`${what} sent ${res.bytes} bytes, the file has ${size}`);
  if (res.headers['x-accel-redirect']) throw new Error(`${what}: X-Accel-Redirect reached the client (nginx did not take it over)`);
  if (expectedSha && res.sha256 !== expectedSha) throw new Error(`${what}: sha256 ${res.sha256}, uploaded ${expectedSha}`);
}

/**
 * `count` app/reference pairs, one download at a time, each pair's order swapped from the last, so a slower
 * moment of the machine falls on both sides alike instead of on one side's whole block.
 */
async function pairs(count, app, ref) {
  const out = { app: [], ref: [] };
  for (let i = 0; i < count; i++) {
    for (const who of i % 2 === 0 ? ['app', 'ref'] : ['ref', 'app']) out[who].push(await (who === 'app' ? app() : ref()));
  }
  return out;
}

const mbpsOf = (r) => r.bytes / MB / (r.ms / 1000);

/** A signed-in download through `base`: the link (counted), then the bytes; ms covers both. */
function appDownload({ base, token, id, agent, size, sha, what }) {
  return async (hash = false) => {
    const started = performance.now();
    const link = await downloadLink(base, token, id, agent);
    const res = hash ? await fetchBytes(base + link.url, { hash, headers: link.headers }) : await downloadBytes(base + link.url, link.headers);
    // Link and bytes: curl's own time_total for the bytes, so its start-up is not counted.
    const ms = hash ? performance.now() - started : link.ms + res.ms;
    check(what, res, size, hash ? sha : null);
    return { bytes: res.bytes, ms, linkMs: link.ms, headers: res.headers };
  };
}

function refDownload({ url, size, sha, what }) {
  return async (hash = false) => {
    const res = hash ? await fetchBytes(url, { hash }) : await downloadBytes(url);
    check(what, res, size, hash ? sha : null);
    return { bytes: res.bytes, ms: res.ms };
  };
}

/** The figures of compare() with the reference's name in their labels changed. */
const renamed = (figures, from, to) =>
  Object.fromEntries(Object.entries(figures).map(([id, f]) => [id, { ...f, label: f.label.replace(from, to).replace('app/nginx', `app/${to}`) }]));

/**
 * Rounds of interleaved app/reference downloads, then their figures under `prefix`, each over every download of
 * every round (a 300 MB download takes about 150 ms here: a few of them are too few to tell 10 % apart).
 */
async function compare(ctx, prefix, label, app, ref, perRound) {
  ctx.log(` ${label}`);
  const all = { app: [], ref: [] };
  for (let i = 0; i < ctx.rounds; i++) {
    const res = await pairs(perRound, app, ref);
    all.app.push(...res.app);
    all.ref.push(...res.ref);
    const m = (list) => median(list.map(mbpsOf)).toFixed(0);
    ctx.log(`  round ${i + 1}/${ctx.rounds}: app ${m(res.app)} MB/s, ref ${m(res.ref)} MB/s (medians of ${perRound} each)`);
  }
  const s = (list, pick, unit) => summarize(list.map(pick).filter((v) => v !== undefined), unit);
  return {
    [`${prefix}.mbps`]: { label: `${prefix}: MB/s per download`, ...s(all.app, mbpsOf, 'MB/s') },
    [`${prefix}.ref_mbps`]: { label: `${prefix}: nginx direct MB/s per download`, ...s(all.ref, mbpsOf, 'MB/s') },
    [`${prefix}.ratio`]: ratioFigure(`${prefix}: app/nginx MB/s`, all.app.map(mbpsOf), all.ref.map(mbpsOf)),
    [`${prefix}.ms`]: { label: `${prefix}: wall time per download (link + bytes)`, ...s(all.app, (r) => r.ms, 'ms') },
    [`${prefix}.ref_ms`]: { label: `${prefix}: nginx direct wall time per download`, ...s(all.ref, (r) => r.ms, 'ms') },
    [`${prefix}.link_ms`]: { label: `${prefix}: POST /api/files/:id/download`, ...s(all.app, (r) => r.linkMs, 'ms') },
    [`${prefix}.bytes_ms`]: { label: `${prefix}: GET of the link to the last byte`, ...s(all.app, (r) => r.ms - r.linkMs, 'ms') },
  };
}

export default {
  name: 'download',
  order: 60,
  title: 'Signed-in download of a big file: gateway (X-Accel) and embedded default vs nginx sending it directly',
  async run(ctx) {
    const problem = nginxProblem();
    if (problem) return { skipped: problem };
    const size = ctx.smoke ? 8 * MB : 300 * MB;
    const perRound = ctx.smoke ? 2 : 20;
    const sha = generatedSha256(size);
    const cleanups = [];
    const agent = keepAlive(2);
    try {
      // The run's app: the embedded default (Node streams from local disk).
      const adminToken = await signIn(ctx.app.url, ctx.app.admin);
      const { file } = await uploadChecked({ baseUrl: ctx.app.url, token: adminToken, size, fileName: 'bench-download.bin' });
      cleanups.push(async () => {
        const err = await deleteFile(ctx.app.url, adminToken, file.id);
        if (err) ctx.log(`  cleanup: ${err}`);
      });
      const userToken = await signIn(ctx.app.url, await createPlainUser(ctx.app));

      // A second instance handing the bytes over to nginx.
      const accel = await startApp({ appRoot: ctx.appRoot, mode: ctx.mode, log: ctx.log, nodeArgs: ctx.nodeArgs, env: { DOWNLOAD_ACCEL_PREFIX: ACCEL_PREFIX } });
      cleanups.push(() => accel.stop());
      const accelAdmin = await signIn(accel.url, accel.admin);
      const { file: accelFile } = await uploadChecked({ baseUrl: accel.url, token: accelAdmin, size, fileName: 'bench-download.bin' });
      const accelUser = await signIn(accel.url, await createPlainUser(accel));

      const nginx = await startGateway({
        appUrl: accel.url,
        filesDir: accel.filesDir,
        accelPrefix: ACCEL_PREFIX,
        plain: { '/plain-gateway/': accel.filesDir, '/plain-embedded/': ctx.app.filesDir },
      });
      cleanups.push(() => nginx.stop());
      const bareNode = await startBare({ BARE_KIND: 'file', BARE_FILES_DIR: ctx.app.filesDir });
      cleanups.push(() => bareNode.stop());

      const gateway = appDownload({ base: nginx.url, token: accelUser, id: accelFile.id, agent, size, sha, what: 'gateway download' });
      const embedded = appDownload({ base: ctx.app.url, token: userToken, id: file.id, agent, size, sha, what: 'embedded download' });
      // The stored keys, from the signed links (the api never shows them otherwise).
      const accelKey = keyOfLink((await downloadLink(accel.url, accelAdmin, accelFile.id)).url);
      const embeddedKey = keyOfLink((await downloadLink(ctx.app.url, adminToken, file.id)).url);
      const refGateway = refDownload({ url: `${nginx.url}/plain-gateway/${accelKey}`, size, sha, what: 'nginx direct (gateway copy)' });
      const refEmbedded = refDownload({ url: `${nginx.url}/plain-embedded/${embeddedKey}`, size, sha, what: 'nginx direct (embedded copy)' });
      const refNode = refDownload({ url: `${bareNode.url}/${embeddedKey}`, size, sha, what: 'bare node:http (embedded copy)' });

      // One verified download of each path (sha256 of every byte), which also warms the page cache.
      const first = await gateway(true);
      const disposition = first.headers['content-disposition'] ?? '';
      if (!disposition.includes('bench-download.bin')) throw new Error(`gateway download without the file's name: Content-Disposition "${disposition}"`);
      await embedded(true);
      await refGateway(true);
      await refEmbedded(true);
      await refNode(true);

      const metrics = {
        ...(await compare(ctx, 'gateway', `gateway: nginx ${nginx.url} in front of ${accel.url} (X-Accel-Redirect to ${ACCEL_PREFIX})`, gateway, refGateway, perRound)),
        ...(await compare(ctx, 'embedded', `embedded: ${ctx.app.url} streams the file itself`, embedded, refEmbedded, perRound)),
        ...renamed(await compare(ctx, 'embedded_node', `embedded vs bare node:http ${bareNode.url} streaming the same file`, embedded, refNode, perRound), 'nginx direct', 'bare node:http'),
      };
      return {
        metrics,
        notes: [
          `${size / MB} MB file (generated), ${perRound} app/reference pairs per round, one download at a time (each pair's order swapped), one connection each, figures over all downloads, read by ${existsSync(CURL) ? 'curl' : 'node:http'}; MB = 10^6 bytes`,
          'each path verified once by sha256 of all bytes, every download by status and size',
          'embedded_node: the same embedded downloads against a bare node:http process piping fs.createReadStream of the same file to the response',
          `gateway: a second app instance with DOWNLOAD_ACCEL_PREFIX=${ACCEL_PREFIX} behind one nginx process (proxy unbuffered, internal alias, sendfile); reference: the same nginx and file from a plain location`,
        ],
      };
    } finally {
      agent.destroy();
      for (const c of cleanups.reverse()) await c().catch((e) => ctx.log(`  cleanup failed: ${e.message}`));
    }
  },
};
