// The admin's Users tab at 100,000 users (smoke: 5,000), written straight into the database and removed afterwards:
//   list      GET /api/admin/users (the first page, newest first): p99 and req/s with one admin at a time, then 16
//   search    GET /api/admin/users?q=... a search over name, e-mail and company, same loads
//   stall     GET /api/public-config p99 while an admin searches in a loop, over its idle p99 (issue 27); the same
//             while an admin exports all users as CSV in a loop
//   export    GET /api/admin/users/export.csv, all users, streamed: time to the last byte and the api's RSS growth
//             (peak during minus before), against the database's own command-line client writing the same
//             columns of the same rows, newest first, as CSV/TSV to a file (sqlite3 -csv, or mariadb --batch):
//             its time and its peak RSS.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackgroundGets } from '../lib/background-gets.mjs';
import { openDb, signIn, utc } from '../lib/db.mjs';
import { load } from '../lib/load.mjs';
import { rssBytes, sampleRss } from '../lib/processes.mjs';
import { ratioFigure, summarize } from '../lib/stats.mjs';

const DOMAIN = 'bench-users.local';
const COLUMNS = ['id', 'email', 'full_name', 'company', 'job_title', 'phone', 'role', 'download_count', 'created_date', 'updated_date', 'last_login'];
const DUMP_SQL = `SELECT full_name, email, role, company, job_title, phone, download_count, created_date, last_login FROM users ORDER BY created_date DESC, id DESC`;

function userRows(count) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const created = utc(new Date(now - 86_400_000 - i * 30_000));
    return [
      randomUUID(),
      `user${String(i).padStart(6, '0')}@${DOMAIN}`,
      i % 5 ? `Bench User ${i}` : null,
      `Company ${i % 997}`,
      i % 2 ? 'Engineer' : null,
      i % 3 ? '+1 555 0100' : null,
      'user',
      i % 7,
      created,
      created,
      i % 3 ? utc(new Date(now - (i % 60) * 86_400_000)) : null,
    ];
  });
}

/** Streams a GET to the end; { status, bytes, ms }. */
function drain(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The database's own client writing the rows to a file; { ms, peakMb, bytes }. */
function dumpWithClient(app, file) {
  const [cmd, args] =
    app.database.type === 'sqlite'
      ? ['sqlite3', ['-csv', '-header', app.database.path, DUMP_SQL]]
      : (() => {
          const u = new URL(app.database.url);
          return ['mariadb', ['--batch', `-h${u.hostname}`, `-P${u.port || 3306}`, `-u${decodeURIComponent(u.username)}`, ...(u.password ? [`-p${decodeURIComponent(u.password)}`] : []), u.pathname.slice(1), '-e', DUMP_SQL]];
        })();
  const started = performance.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const out = createWriteStream(file);
  // Both listened to from the start: the file may close before or after the child does.
  const written = new Promise((resolve, reject) => out.on('close', resolve).on('error', reject));
  const exited = new Promise((resolve, reject) => child.on('close', resolve).on('error', reject));
  const sampler = sampleRss(child.pid, 20);
  child.stdout.pipe(out);
  return Promise.all([exited, written]).then(([code]) => {
    const rss = sampler.stop();
    if (code !== 0) throw new Error(`${cmd} exited ${code}`);
    return { ms: performance.now() - started, peakMb: (rss.peak ?? 0) / 1e6, bytes: statSync(file).size };
  });
}

/** Searches an admin might type, over and over: rare and common matches, a name, part of an e-mail. */
const SEARCHES = ['Company 99', 'user0123', 'bench user 4', 'nobody-here', 'Company 5'];

/**
 * Issue 27: GET /api/public-config (no database) at 16 connections, idle and while one admin repeats heavy reads in
 * a loop (`paths`, taken in turn): its p99 then over its idle p99. A read that blocks the api's thread shows here.
 * `id` names the figures (search_stall, export_stall).
 */
async function stall(ctx, headers, { id, what, paths }) {
  const url = `${ctx.app.url}/api/public-config`;
  const idle = [];
  const busy = [];
  let reads = 0;
  for (let i = 0; i < ctx.rounds; i++) {
    const quiet = await load({ url, connections: 16, duration: ctx.duration });
    // The admin's loop runs in a process of its own: draining its 10 MB exports here delayed the probe's own answers.
    const admin = await startBackgroundGets({ urls: paths.map((p) => ctx.app.url + p), headers });
    const during = await load({ url, connections: 16, duration: ctx.duration });
    const done = await admin.stop();
    if (done.errors) throw new Error(`${paths[0]} failed ${done.errors} times (${JSON.stringify(done.statuses)})`);
    reads += done.completed;
    if (quiet.non2xx || quiet.errors || during.non2xx || during.errors) throw new Error(`public-config failed during the ${id} rounds`);
    ctx.log(`  public-config idle: ${Math.round(quiet.rps)} req/s, p99 ${quiet.p99} ms; while ${what}: ${Math.round(during.rps)} req/s, p99 ${during.p99} ms`);
    idle.push(quiet);
    busy.push(during);
  }
  return {
    [`${id}.idle_p99`]: { label: 'public-config p99, idle (16 connections)', ...summarize(idle.map((x) => x.p99), 'ms') },
    [`${id}.busy_p99`]: { label: `public-config p99 while ${what} in a loop (${reads} done)`, ...summarize(busy.map((x) => x.p99), 'ms') },
    [`${id}.busy_rps`]: { label: `public-config req/s while ${what}`, ...summarize(busy.map((x) => x.rps), 'req/s') },
    [`${id}.ratio`]: ratioFigure(`p99 while ${what} / p99 idle`, busy.map((x) => x.p99), idle.map((x) => x.p99)),
  };
}

export default {
  name: 'admin-users',
  order: 80,
  title: 'Admin Users tab at 100,000 users: first page and search p99 (1 and 16 connections); CSV export time and api RSS growth vs the database client dumping the same rows',
  async run(ctx) {
    const count = ctx.smoke ? 5000 : 100_000;
    const db = await openDb(ctx.app);
    const tmp = mkdtempSync(join(tmpdir(), 'solvr-bench-users-'));
    try {
      const t = performance.now();
      await db.insertMany('users', COLUMNS, userRows(count));
      if (ctx.app.database.type !== 'sqlite') await db.query('ANALYZE TABLE users');
      ctx.log(`  users: ${count} written in ${Math.round(performance.now() - t)} ms`);
      const token = await signIn(ctx.app.url, ctx.app.admin);
      const headers = { authorization: `Bearer ${token}` };
      const metrics = {};
      const reads = [
        { name: 'list', path: '/api/admin/users' },
        { name: 'search', path: '/api/admin/users?q=Company%2099' },
      ];
      for (const r of reads) {
        // One admin at a time (the "first page within 100 ms" of the issue), then 16 at once.
        for (const connections of [1, 16]) {
          const runs = [];
          for (let i = 0; i < ctx.rounds; i++) {
            const res = await load({ url: ctx.app.url + r.path, connections, duration: ctx.duration, headers });
            if (res.non2xx || res.errors) throw new Error(`${r.path}: ${res.non2xx} non-2xx, ${res.errors} errors`);
            ctx.log(`  ${r.name} x${connections} round ${i + 1}: ${Math.round(res.rps)} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms`);
            runs.push(res);
          }
          const id = connections === 1 ? r.name : `${r.name}16`;
          metrics[`${id}.p99`] = { label: `${r.name}: p99, ${connections} connection(s)`, ...summarize(runs.map((x) => x.p99), 'ms') };
          metrics[`${id}.rps`] = { label: `${r.name}: req/s, ${connections} connection(s)`, ...summarize(runs.map((x) => x.rps), 'req/s') };
        }
      }
      const app = [];
      const ref = [];
      for (let i = 0; i < ctx.rounds; i++) {
        await new Promise((res) => setTimeout(res, 300));
        const before = rssBytes(ctx.app.pid) ?? 0;
        const sampler = sampleRss(ctx.app.pid, 50);
        const res = await drain(`${ctx.app.url}/api/admin/users/export.csv`, headers);
        const peak = sampler.stop().peak ?? before;
        if (res.status !== 200) throw new Error(`export answered ${res.status}`);
        app.push({ ms: res.ms, growth: (peak - before) / 1e6, bytes: res.bytes });
        const dump = await dumpWithClient(ctx.app, join(tmp, `dump-${i}.csv`));
        ref.push(dump);
        ctx.log(`  export round ${i + 1}: api ${Math.round(res.ms)} ms, ${(res.bytes / 1e6).toFixed(1)} MB, RSS +${app[i].growth.toFixed(1)} MB; client ${Math.round(dump.ms)} ms, peak RSS ${dump.peakMb.toFixed(1)} MB`);
      }
      const growth = app.map((x) => x.growth);
      Object.assign(metrics, {
        'export.ms': { label: `CSV export of ${count} users, time to the last byte`, ...summarize(app.map((x) => x.ms), 'ms') },
        'export.rss_growth': { label: 'api RSS growth during the export (largest of the rounds)', ...summarize(growth, 'MB'), value: Math.max(...growth) },
        'export.client_ms': { label: 'database client writing the same rows', ...summarize(ref.map((x) => x.ms), 'ms') },
        'export.client_rss': { label: 'database client peak RSS', ...summarize(ref.map((x) => x.peakMb), 'MB') },
        'export.time_ratio': ratioFigure('api time / client time', app.map((x) => x.ms), ref.map((x) => x.ms)),
      });
      // After the export: its RSS figure must not include what the searches leave for the collector.
      Object.assign(metrics, await stall(ctx, headers, { id: 'search_stall', what: 'an admin searches users', paths: SEARCHES.map((q) => `/api/admin/users?q=${encodeURIComponent(q)}`) }));
      Object.assign(metrics, await stall(ctx, headers, { id: 'export_stall', what: 'an admin exports all users as CSV', paths: ['/api/admin/users/export.csv'] }));
      return { metrics, notes: [`${count} users in the database; the export is ${(app[0].bytes / 1e6).toFixed(1)} MB of CSV`] };
    } finally {
      await db.run(`DELETE FROM users WHERE email LIKE ?`, [`%@${DOMAIN}`]).catch(() => undefined);
      await db.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
