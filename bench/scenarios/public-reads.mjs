// Reads: GET endpoints of the api against bare node:http sending exactly the same bytes and content-type, both
// loaded by autocannon at 64 connections, alternating over the rounds.
//   public-config  GET /api/public-config, public
//   library        GET /api/files (its first page of 48) signed in as a plain user, with 10,000 files in the database (smoke: 1,000),
//                  written straight into it (rows only: listing needs no stored bytes) and removed afterwards.
//                  Each round sends one request per connection, all at once, rather than running for a time: a
//                  request takes hundreds of ms there, so a 5-s window could end with all 64 still in flight.
//                  Also reported: the latency of one request alone (median of 5 sequential ones), the api's
//                  peak RSS under the load, and one request right after each of 40 downloads (smoke: 5) by the same
//                  user of a small uploaded file (a download changes the counts the list shows).
//   news           GET /api/news, public: the published posts, newest first
//   news-signed-in GET /api/news with a plain user's token, as the portal asks it (its api client sends the token
//                  with every call): the same public answer
//   me             GET /api/users/me signed in as a plain user (issue 27: what every signed-in request costs)
//   update-feed    GET /api/updates/latest.yml as electron-updater asks (issue 28)
//   files          GET /api/files (its first page) signed in, about 1,000 files visible (issue 27)
//   library-small  the same first page with 100 files in the database: the 10,000-file library should answer as fast
//   (files and library are asked as the portal's own fetch asks, Accept-Encoding included; the reference sends the
//   same compressed bytes)
//   landing-ssr    GET /Landing as a browser asks for it: the server-rendered page (HTML with the news in it)
// BENCH_ENDPOINTS=me,files runs only the endpoints named. Later issues add their reads to ENDPOINTS (goals per endpoint go in bench/budgets.json); an endpoint may
// prepare(ctx) → { headers, notes, figures(), cleanup() } what it needs (figures: its own, measured after the rounds),
// and set amount(ctx), timeout (s), single and rss.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { createPlainUser, openDb, signIn, utc } from '../lib/db.mjs';
import { deleteFile, downloadLink, fetchBytes, uploadChecked } from '../lib/files.mjs';
import { alternate, compareFigures, load } from '../lib/load.mjs';
import { sampleRss } from '../lib/processes.mjs';
import { startBare } from '../lib/reference.mjs';
import { median, percentile, summarize } from '../lib/stats.mjs';

/** The columns of files (migrations 1763700000010-files and 1763700000500-library-order). */
const FILE_COLUMNS = [
  'id', 'name', 'description', 'version', 'file_name', 'file_type', 'file_size', 'storage_key', 'sha256', 'sha512', 'access_type',
  'allowed_users', 'is_active', 'is_paid', 'price', 'currency', 'download_count', 'created_by', 'created_date', 'updated_date', 'type_label',
];

/**
 * `count` file rows as an admin's library grows: mostly free files for all users, some paid (visible, to buy),
 * some for specific users (half of them including `viewer`), some deactivated; one upload every ten minutes.
 * The plain user sees about 96% of them.
 */
function libraryRows(count, viewer) {
  const now = Date.now();
  const kinds = ['setup.exe', 'manual.pdf', 'release.zip', 'plugin.dmg', 'dataset.tar.gz'];
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    const fileName = `${kinds[i % kinds.length].replace('.', `-${n}.`)}`;
    const paid = i % 10 === 3;
    const specific = i % 20 === 7;
    const created = utc(new Date(now - (count - i) * 600_000));
    return [
      randomUUID(),
      `Bench file ${n}`,
      `Release ${n} of the bench product: fixes, improvements and the installer for every supported platform.`,
      `${1 + (i % 4)}.${i % 10}.${i % 7}`,
      fileName,
      fileName.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
      1_000_000 + ((i * 7919) % 900_000_000),
      `files/${randomUUID()}`,
      randomBytes(32).toString('hex'),
      randomBytes(64).toString('base64'),
      specific ? 'specific_users' : 'all_users',
      specific ? JSON.stringify(i % 40 === 7 ? [viewer, 'someone@example.com'] : ['someone@example.com']) : '[]',
      i % 50 === 11 ? 0 : 1,
      paid ? 1 : 0,
      paid ? 1999 : 0,
      'USD',
      i % 97,
      null,
      created,
      created,
      fileName.split('.').pop().toUpperCase(),
    ];
  });
}

const decoded = (body, encoding) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

/** Seeds the library and signs in a plain user; cleanup removes the rows and the user again. */
async function prepareLibrary(ctx, count = ctx.smoke ? 1000 : 10_000) {
  const user = await createPlainUser(ctx.app);
  const ids = [];
  const db = await openDb(ctx.app);
  const cleanup = async () => {
    const c = await openDb(ctx.app);
    try {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await c.run(`DELETE FROM files WHERE id IN (${chunk.map(() => '?').join(', ')})`, chunk);
      }
      await c.run('DELETE FROM users WHERE id = ?', [user.id]);
    } finally {
      await c.close();
    }
  };
  try {
    const t = performance.now();
    const rows = libraryRows(count, user.email);
    for (const r of rows) ids.push(r[0]);
    await db.insertMany('files', FILE_COLUMNS, rows);
    ctx.log(`  library: ${count} files written in ${Math.round(performance.now() - t)} ms`);
    const token = await signIn(ctx.app.url, user);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
    return {
      headers,
      notes: [`library: ${count} files in the database, listed by a plain user who accepts brotli and gzip, as a browser`],
      figures: () => libraryAfterDownloads(ctx, token, headers),
      cleanup,
    };
  } catch (e) {
    await cleanup().catch(() => undefined);
    throw e;
  } finally {
    await db.close();
  }
}

/**
 * The library asked right after each of the user's downloads: a download changes the counts the list shows, and the
 * next reader should not pay for reading every file again. A small file is uploaded for it and deleted afterwards.
 */
async function libraryAfterDownloads(ctx, token, headers) {
  const admin = await signIn(ctx.app.url, ctx.app.admin);
  const { file } = await uploadChecked({ baseUrl: ctx.app.url, token: admin, size: 100_000, fileName: 'bench-library.bin' });
  try {
    // The upload added a file: the list is read again in full once, which is not what this measures.
    await fetchBytes(`${ctx.app.url}/api/files`, { headers });
    const ms = [];
    for (let i = 0; i < (ctx.smoke ? 5 : 40); i++) {
      await downloadLink(ctx.app.url, token, file.id);
      const res = await fetchBytes(`${ctx.app.url}/api/files`, { headers });
      if (res.status !== 200) throw new Error(`GET /api/files after a download answered ${res.status}`);
      ms.push(res.ms);
    }
    ctx.log(`  library right after a download: p50 ${median(ms).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`);
    return {
      'library.after_download_ms': { label: `library: one request right after a download (median of ${ms.length})`, ...summarize(ms, 'ms') },
      'library.after_download_p99': { label: 'library: one request right after a download, p99', ...summarize([percentile(ms, 99)], 'ms') },
    };
  } finally {
    const problem = await deleteFile(ctx.app.url, admin, file.id);
    if (problem) ctx.log(`  cleanup: ${problem}`);
  }
}

/**
 * A browser's request for a page: the api answers public pages with server-rendered HTML, compressed as the browser
 * accepts (the reference sends the same compressed bytes).
 */
const asBrowser = async () => ({ headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }, notes: [] });

/**
 * Issue 28: a desktop app's update check. A published Windows installer (a release_versions row and its
 * release_files row written straight into the database: the feed reads rows, not bytes), asked for as
 * electron-updater asks: latest.yml with its install's staging id. Cleanup removes both rows.
 */
async function publishedRelease(ctx) {
  const fileId = randomUUID();
  const versionId = randomUUID();
  const now = utc(new Date());
  const db = await openDb(ctx.app);
  try {
    await db.insertMany(
      'release_versions',
      ['id', 'channel', 'version', 'notes', 'state', 'rollout_percentage', 'rollout_paused', 'published_date', 'created_date', 'updated_date'],
      [[versionId, 'stable', '9.9.9', 'Faster, smaller.', 'published', 100, 0, now, now, now]],
    );
    await db.insertMany(
      'release_files',
      ['id', 'channel', 'version', 'platform', 'arch', 'file_name', 'file_type', 'file_size', 'storage_key', 'sha256', 'sha512', 'download_count', 'created_date'],
      [[fileId, 'stable', '9.9.9', 'windows', 'x64', 'Bench-Setup-9.9.9.exe', 'application/octet-stream', 123_456_789, `releases/${fileId}`, 'a'.repeat(64), 'b'.repeat(86) + '==', 0, now]],
    );
  } finally {
    await db.close();
  }
  const cleanup = async () => {
    const c = await openDb(ctx.app);
    try {
      await c.run('DELETE FROM release_files WHERE id = ?', [fileId]);
      await c.run('DELETE FROM release_versions WHERE id = ?', [versionId]);
    } finally {
      await c.close();
    }
  };
  return { headers: { 'x-user-staging-id': randomUUID() }, notes: ['update-feed: latest.yml with one published Windows installer, asked with a staging id as electron-updater asks'], cleanup };
}

/** A plain user, signed in (issue 27: the fixed cost of a signed-in read); cleanup removes it. */
async function signedInUser(ctx) {
  const user = await createPlainUser(ctx.app);
  const token = await signIn(ctx.app.url, user);
  const cleanup = async () => {
    const db = await openDb(ctx.app);
    try {
      await db.run('DELETE FROM users WHERE id = ?', [user.id]);
    } finally {
      await db.close();
    }
  };
  return { headers: { authorization: `Bearer ${token}` }, notes: [], cleanup };
}

export const ENDPOINTS = [
  { name: 'public-config', path: '/api/public-config' },
  // The 10 newest published posts (a new site has the 4 seeded ones).
  { name: 'news', path: '/api/news' },
  // Signed in, the portal's dashboard asks the same list with its token.
  { name: 'news-signed-in', path: '/api/news', prepare: signedInUser },
  // Landing rendered on the server with its 3 newest posts; "one request alone" is the time to the whole page.
  { name: 'landing-ssr', path: '/Landing', prepare: asBrowser, single: 20 },
  // Issue 27: signed-in reads at 64 connections: the account, and a library of about 1,000 files the user can see.
  { name: 'me', path: '/api/users/me', prepare: signedInUser },
  { name: 'files', path: '/api/files', prepare: (ctx) => prepareLibrary(ctx, 1042), timeout: 30 },
  // Issue 28: the desktop app's update check (at start and every few hours, from every install).
  { name: 'update-feed', path: '/api/updates/latest.yml', prepare: publishedRelease },
  { name: 'library', path: '/api/files', prepare: prepareLibrary, amount: (ctx) => ctx.connections, timeout: 120, single: 5, rss: true },
  // Issue 55: the first page of a 100-file library, to set beside the 10,000-file one.
  { name: 'library-small', path: '/api/files', prepare: async (ctx) => ({ ...(await prepareLibrary(ctx, 100)), figures: undefined }), single: 5 },
];

export default {
  name: 'public-reads',
  order: 10,
  title: 'Reads (public config, news, the server-rendered Landing, the library list) vs bare node:http (same bytes), 64 connections',
  async run(ctx) {
    const metrics = {};
    const notes = [];
    const tmp = mkdtempSync(join(tmpdir(), 'solvr-bench-bytes-'));
    try {
      // BENCH_ENDPOINTS=me,files measures only those (while working on one).
      const only = process.env.BENCH_ENDPOINTS?.split(',');
      for (const ep of ENDPOINTS.filter((e) => !only || only.includes(e.name))) {
        const prepared = ep.prepare ? await ep.prepare(ctx) : { headers: {}, notes: [] };
        const headers = prepared.headers ?? {};
        try {
          notes.push(...(prepared.notes ?? []));
          // As autocannon asks: the endpoint's headers. Asked twice: the first made the answer, the second is the one
          // replayed (a large answer is compressed once it is kept).
          await fetchBytes(ctx.app.url + ep.path, { headers });
          const first = await fetchBytes(ctx.app.url + ep.path, { headers, keep: true });
          const body = first.body;
          if (first.status !== 200) throw new Error(`${ep.path} answered ${first.status}: ${body.toString().slice(0, 200)}`);
          const type = first.headers['content-type'] ?? 'application/octet-stream';
          const file = join(tmp, `${ep.name}.bin`);
          writeFileSync(file, body);
          const encoding = first.headers['content-encoding'];
          const page = ep.path === '/api/files' ? JSON.parse(decoded(body, encoding)) : null;
          notes.push(`${ep.name}: ${body.length} bytes, ${type}${encoding ? ` in ${encoding}` : ''}${page ? `, the first ${page.files.length} of ${page.total} files visible` : ''}`);
          let single = null;
          if (ep.single) {
            // One at a time (also the warm-up of an endpoint loaded by amount).
            const ms = [];
            for (let i = 0; i < ep.single; i++) {
              const r = await fetchBytes(ctx.app.url + ep.path, { headers });
              if (r.status !== 200 || r.bytes !== body.length) throw new Error(`${ep.path} answered ${r.status} with ${r.bytes} bytes, first ${body.length}`);
              ms.push(r.ms);
            }
            single = summarize(ms, 'ms', { value: median(ms) });
          }
          const bare = await startBare({ BARE_KIND: 'bytes', BARE_BODY_FILE: file, BARE_CONTENT_TYPE: type, BARE_CONTENT_ENCODING: encoding ?? '' });
          try {
            const amount = ep.amount?.(ctx);
            const run = (base, duration) => () => load({ url: base + ep.path, connections: ctx.connections, duration, headers, amount, timeout: ep.timeout });
            const peaks = [];
            const appRun = (duration) => async () => {
              if (!ep.rss) return run(ctx.app.url, duration)();
              const sampler = sampleRss(ctx.app.pid, 100);
              try {
                return await run(ctx.app.url, duration)();
              } finally {
                peaks.push(sampler.stop().peak / 1e6);
              }
            };
            ctx.log(` ${ep.name}: app ${ctx.app.url}${ep.path} vs bare ${bare.url}${amount ? `, ${amount} requests per round` : ''}`);
            const res = await alternate({
              rounds: ctx.rounds,
              app: appRun(ctx.duration),
              ref: run(bare.url, ctx.duration),
              warmup: ctx.warmup && !amount ? (who) => run(who === 'app' ? ctx.app.url : bare.url, ctx.warmup)() : null,
              log: ctx.log,
            });
            Object.assign(metrics, compareFigures(ep.name, res));
            if (single) metrics[`${ep.name}.single_ms`] = { label: `${ep.name} one request alone (median of ${ep.single})`, ...single };
            if (ep.prepare) metrics[`${ep.name}.size`] = { label: `${ep.name} response size`, ...summarize([body.length / 1000], 'KB') };
            if (peaks.length) metrics[`${ep.name}.rss_peak`] = { label: `${ep.name} api peak RSS under the load`, ...summarize(peaks, 'MB') };
            if (prepared.figures) Object.assign(metrics, await prepared.figures());
          } finally {
            await bare.stop();
          }
        } finally {
          await prepared.cleanup?.();
        }
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return { metrics, notes };
  },
};
