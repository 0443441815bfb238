// Issue 16: the site under a mixed load. 200 simulated users (--users; smoke 12), each an async loop, for 60 s
// (--duration; smoke 3 s), with a short think (0-200 ms) between steps:
//   visitors (40%)  public pages as a browser asks for them (Landing, News, a post, How it works, About, Proof),
//                   each followed by the page's session check (POST /api/auth/refresh without a cookie: 204);
//                   the news list as the client fetches it; the feeds, sitemap and robots.txt
//   users (55%)     the portal: page loads (the page's HTML and a refresh that rotates the session cookie), the
//                   library, its summary, downloads (the signed link, then the file's bytes), the account, news
//   admins (5%)     the console's lists: users (first page and a search), files, summaries, campaigns
// Six in seven signed-in users come back with a session from before (a refresh cookie whose row is written into the
// database); the others sign in (POST /api/auth/login, argon2) at a time spread over the first half of the run.
// Every simulated user has an account of its own and its own X-Forwarded-For (TRUSTED_PROXIES=loopback), and the
// sign-in throttles keep the product's defaults. One admin starts a campaign to 2,000 recipients (smoke 30) at a
// tenth of the run, to the bench SMTP sink, and polls it as the Email tab does; services mode starts the worker,
// which sends; embedded mode sends in-process. The app is a second instance of the built api with these settings.
// Reported per route: requests, errors (any answer but the expected 2xx/3xx, wrong byte counts, timeouts,
// connection errors), p50 and p99; overall: requests, requests/s, errors, p50 and p99.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { startApp } from '../lib/app.mjs';
import { openDb, signIn, utc } from '../lib/db.mjs';
import { fetchBytes, holderHeaders, uploadChecked } from '../lib/files.mjs';
import { request, setCookieValue } from '../lib/http.mjs';
import { startSmtpSink } from '../lib/mail-sink.mjs';
import { freePort, rssBytes, sampleRss, startProcess, stopProcess } from '../lib/processes.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

const COOKIE = 'solvr_refresh';
const ACCOUNTS = 'bench-load.local';
const RECIPIENTS = 'bench-load-mail.local';
const THINK_MS = 200;
const MESSAGE = `Hello!\n\n${'Version 2 of the desktop app is out, with faster answers and a new hotkey. '.repeat(5)}\n\nThank you for using it.`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** One of the weighted steps ([weight, fn]). */
const weighted = (steps) => {
  const total = steps.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, fn] of steps) if ((r -= w) < 0) return fn;
    return steps[steps.length - 1][1];
  };
};

/** Latencies and errors per route, with a few error samples to tell what went wrong. */
class Recorder {
  routes = new Map();
  samples = [];
  active = true;

  route(key) {
    if (!this.routes.has(key)) this.routes.set(key, { lat: [], errors: 0 });
    return this.routes.get(key);
  }

  ok(key, ms) {
    if (this.active) this.route(key).lat.push(ms);
  }

  error(key, what) {
    if (!this.active) return;
    this.route(key).errors += 1;
    if (this.samples.length < 12) this.samples.push(`${key}: ${what}`);
  }
}

/** A browser: its own connections, address and cookie; `call` records the request under its route. */
class Browser {
  constructor(base, ip, rec) {
    this.base = base;
    this.rec = rec;
    this.agent = new Agent({ keepAlive: true, maxSockets: 4 });
    this.ip = ip;
    this.cookie = null;
    this.token = null;
  }

  headers(extra = {}) {
    return { 'x-forwarded-for': this.ip, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  /** One request; resolves with the answer, or null when it failed (recorded as an error). */
  async call(route, path, { method = 'GET', body, headers = {}, expect = (s) => s >= 200 && s < 400 } = {}) {
    try {
      const res = await request(this.base + path, { method, body, agent: this.agent, headers: this.headers(headers) });
      if (!expect(res.status)) {
        this.rec.error(route, `${res.status} ${res.body.slice(0, 160)}`);
        return null;
      }
      this.rec.ok(route, res.ms);
      return res;
    } catch (e) {
      this.rec.error(route, e.message);
      return null;
    }
  }

  async signIn(account) {
    const res = await this.call('POST /api/auth/login', '/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
    if (res) this.session(res);
    return !!res;
  }

  /** A page load of the web app: the page's HTML (compressed, as a browser takes it), then the session check. */
  async pageLoad(route, path) {
    await this.call(route, path, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    if (!this.cookie) {
      await this.call('POST /api/auth/refresh (signed out)', '/api/auth/refresh', { method: 'POST', expect: (s) => s === 204 });
      return;
    }
    const res = await this.call('POST /api/auth/refresh', '/api/auth/refresh', { method: 'POST', headers: { cookie: `${COOKIE}=${this.cookie}` } });
    if (res) this.session(res);
  }

  session(res) {
    this.cookie = setCookieValue(res.headers, COOKIE) ?? this.cookie;
    this.token = JSON.parse(res.body).access_token;
  }

  async download(file) {
    const link = await this.call('POST /api/files/:id/download', `/api/files/${file.id}/download`, { method: 'POST' });
    if (!link) return;
    const route = 'GET /api/download (bytes)';
    try {
      // The link is this user's: its browser shows that with the holder cookie the same answer set.
      const res = await fetchBytes(this.base + JSON.parse(link.body).url, { agent: this.agent, headers: this.headers(holderHeaders(link.headers) ?? {}) });
      if (res.status !== 200 || res.bytes !== file.file_size) this.rec.error(route, `${res.status}, ${res.bytes} of ${file.file_size} bytes`);
      else this.rec.ok(route, res.ms);
    } catch (e) {
      this.rec.error(route, e.message);
    }
  }

  close() {
    this.agent.destroy();
  }
}

function visitorSteps(b, site) {
  const page = (route, path) => () => b.pageLoad(route, path);
  return weighted([
    [25, page('GET / (Landing)', '/')],
    [12, page('GET /NewsPage', '/NewsPage')],
    [12, () => b.pageLoad('GET /NewsPage?post=', `/NewsPage?post=${encodeURIComponent(pick(site.slugs))}`)],
    [10, page('GET /HowItWorks', '/HowItWorks')],
    [5, page('GET /About', '/About')],
    [5, page('GET /Proof', '/Proof')],
    [8, () => b.call('GET /api/news', '/api/news')],
    [5, () => b.call('GET /rss.xml', '/rss.xml')],
    [3, () => b.call('GET /atom.xml', '/atom.xml')],
    [3, () => b.call('GET /sitemap.xml', '/sitemap.xml')],
    [2, () => b.call('GET /robots.txt', '/robots.txt')],
  ]);
}

function userSteps(b, site) {
  return weighted([
    [15, () => b.pageLoad('GET /Dashboard', '/Dashboard')],
    [25, () => b.call('GET /api/files', '/api/files')],
    [15, () => b.call('GET /api/files/summary', '/api/files/summary')],
    [10, () => b.download(pick(site.files))],
    [5, () => b.call('GET /api/users/me', '/api/users/me')],
    [5, () => b.call('GET /api/news', '/api/news')],
    [5, () => b.call('GET /api/news/:slug', `/api/news/${encodeURIComponent(pick(site.slugs))}`)],
  ]);
}

function adminSteps(b) {
  return weighted([
    [10, () => b.pageLoad('GET /Admin', '/Admin')],
    [20, () => b.call('GET /api/admin/users', '/api/admin/users')],
    [10, () => b.call('GET /api/admin/users?q=', `/api/admin/users?q=${pick(['bench', 'user1', 'load', 'mail'])}`)],
    [20, () => b.call('GET /api/admin/files', '/api/admin/files')],
    [10, () => b.call('GET /api/admin/summary', '/api/admin/summary')],
    [10, () => b.call('GET /api/admin/files/stats', '/api/admin/files/stats')],
    [5, () => b.call('GET /api/admin/mail/campaigns', '/api/admin/mail/campaigns')],
    [5, () => b.call('GET /api/files', '/api/files')],
  ]);
}

/** Accounts (first admin's password hash: no hashing here), campaign recipients, and sessions from before. */
async function seedDb(app, { admins, users, recipients, returning }) {
  const db = await openDb(app);
  try {
    const [first] = await db.query('SELECT password_hash AS h FROM users WHERE email = ?', [app.admin.email]);
    const now = utc(new Date());
    const cols = ['id', 'email', 'password_hash', 'full_name', 'role', 'email_verified', 'profile_completed', 'download_count', 'created_date', 'updated_date'];
    const accounts = [];
    const row = (email, role, hash) => [randomUUID(), email, hash, `Load ${email.split('@')[0]}`, role, 1, 1, 0, now, now];
    const rows = [];
    for (let i = 0; i < admins + users; i++) {
      const r = row(`${i < admins ? 'admin' : 'user'}${i}@${ACCOUNTS}`, i < admins ? 'admin' : 'user', first.h);
      rows.push(r);
      accounts.push({ id: r[0], email: r[1], password: app.admin.password, admin: i < admins });
    }
    for (let i = 0; i < recipients; i++) rows.push(row(`r${i}@${RECIPIENTS}`, 'user', null));
    await db.insertMany('users', cols, rows);
    // A browser that signed in earlier: its refresh cookie's row, as the api writes it (only the hash is kept).
    const expires = utc(new Date(Date.now() + 7 * 86_400_000));
    const sessions = [];
    for (const a of accounts) {
      if (!returning(a)) continue;
      a.cookie = randomBytes(32).toString('base64url');
      sessions.push([randomUUID(), a.id, randomUUID(), createHash('sha256').update(a.cookie).digest('hex'), expires, now]);
    }
    await db.insertMany('auth_sessions', ['id', 'user_id', 'family_id', 'token_hash', 'expires_at', 'created_date'], sessions);
    return accounts;
  } finally {
    await db.close();
  }
}

/** News posts and library files through the api, as the admin adds them. */
async function seedContent(app, token, { posts, files, fileSize, log }) {
  const auth = { authorization: `Bearer ${token}` };
  for (let i = 0; i < posts; i++) {
    const res = await request(`${app.url}/api/admin/news`, {
      method: 'POST',
      headers: auth,
      body: { title: `Load test release notes ${i + 1}`, content: `## What changed\n\n${'Faster answers, a new hotkey and fixes. '.repeat(20)}`, is_published: true },
    });
    if (res.status !== 201) throw new Error(`POST /api/admin/news answered ${res.status}: ${res.body.slice(0, 200)}`);
  }
  const list = await request(`${app.url}/api/news?limit=50`);
  const slugs = JSON.parse(list.body).items?.map((p) => p.slug);
  if (!slugs?.length) throw new Error(`GET /api/news gave no posts: ${list.body.slice(0, 200)}`);
  const t = performance.now();
  const uploaded = [];
  for (let i = 0; i < files; i++) uploaded.push((await uploadChecked({ baseUrl: app.url, token, size: fileSize, fileName: `load-${i + 1}.zip` })).file);
  log(`  ${posts} posts added, ${files} files of ${fileSize / 1000} KB uploaded in ${Math.round(performance.now() - t)} ms`);
  return { slugs, files: uploaded };
}

/** The admin's campaign: created, then watched every 2 s until done (or the run and its grace end). */
async function campaign(app, token, rec, { sink, log }) {
  const b = new Browser(app.url, '10.255.0.1', rec);
  b.token = token;
  const started = performance.now();
  const res = await b.call('POST /api/admin/mail/campaigns', '/api/admin/mail/campaigns', {
    method: 'POST',
    body: { subject: 'Load test campaign', message: MESSAGE, all: { q: `@${RECIPIENTS}` } },
  });
  if (!res) return { error: 'the campaign was not created' };
  const created = JSON.parse(res.body);
  log(`  campaign ${created.campaign.id}: ${created.queued} queued`);
  return {
    id: created.campaign.id,
    queued: created.queued,
    started,
    browser: b,
    /** Polls until done; only the polls during the run are counted (the recorder stops at its end). */
    async watch(until) {
      let detail = null;
      while (performance.now() < until) {
        const r = await b.call('GET /api/admin/mail/campaigns/:id', `/api/admin/mail/campaigns/${created.campaign.id}`);
        if (r) detail = JSON.parse(r.body);
        if (detail?.done) break;
        await sleep(2000);
      }
      const delivered = await sink.count();
      return { detail, delivered, seconds: (performance.now() - started) / 1000, done: !!detail?.done };
    },
  };
}

export default {
  name: 'load',
  order: 90,
  title: 'issue 16: 200 simulated users for 60 s over a mixed workload (public pages, sign-in, library, downloads, admin lists, a campaign)',
  async run(ctx) {
    const users = ctx.flags?.users ?? (ctx.smoke ? 12 : 200);
    const duration = ctx.flags?.duration ?? (ctx.smoke ? 3 : 60);
    const admins = Math.max(1, Math.round(users * 0.05));
    const members = Math.max(1, Math.round(users * 0.55));
    const visitors = Math.max(0, users - admins - members);
    const recipients = ctx.smoke ? 30 : 2000;
    const sink = await startSmtpSink();
    let app = null;
    let worker = null;
    const browsers = [];
    try {
      app = await startApp({
        appRoot: ctx.appRoot,
        mode: ctx.mode,
        nodeArgs: ctx.nodeArgs,
        // The product's sign-in throttles (per IP, per account), each simulated user behind its own address.
        env: { SMTP_URL: sink.url, TRUSTED_PROXIES: 'loopback', THROTTLE_PER_ACCOUNT: '10', THROTTLE_PER_IP: '100' },
      });
      if (ctx.mode === 'services') {
        worker = startProcess(process.execPath, [join(ctx.appRoot, 'dist/apps/worker/main.js')], { cwd: ctx.appRoot, env: { ...app.env, WORKER_PORT: String(await freePort()) } });
        if (!(await worker.waitForOutput(/Worker is processing jobs/, 60_000))) throw new Error(`the worker did not start\n${worker.output()}`);
      }
      // Sessions from before for 6 in 7 of the signed-in users (2 in 3 in a smoke run); the others sign in.
      const signInEvery = ctx.smoke ? 3 : 7;
      const accounts = await seedDb(app, { admins, users: members, recipients, returning: (a) => Number(a.email.match(/\d+/)[0]) % signInEvery !== 1 });
      const adminToken = await signIn(app.url, app.admin);
      const site = await seedContent(app, adminToken, { posts: 6, files: ctx.smoke ? 4 : 20, fileSize: ctx.smoke ? 32_000 : 500_000, log: ctx.log });

      const rec = new Recorder();
      // The api's memory: before the load (seeded, warm), its peak, and once the load and the campaign are over.
      const rssIdle = rssBytes(app.pid);
      const rss = sampleRss(app.pid, 250);
      const started = performance.now();
      const end = started + duration * 1000;
      const running = () => performance.now() < end;
      const think = () => sleep(Math.random() * THINK_MS);
      const signingIn = accounts.filter((a) => !a.cookie).length;
      ctx.log(`  ${users} users (${visitors} visitors, ${members} signed-in users, ${admins} admins; ${signingIn} sign in during the run) for ${duration} s`);

      const loop = async (i, kind, account) => {
        const b = new Browser(app.url, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rec);
        browsers.push(b);
        if (account?.cookie) b.cookie = account.cookie;
        // Arrival: the first page within a second; a sign-in somewhere in the first half of the run.
        await sleep(account && !account.cookie ? Math.random() * duration * 500 : Math.random() * 1000);
        if (account) {
          const home = account.admin ? ['GET /Admin', '/Admin'] : ['GET /Dashboard', '/Dashboard'];
          if (account.cookie) await b.pageLoad(...home);
          else if (!(await b.signIn(account))) return;
        }
        const next = kind === 'visitor' ? visitorSteps(b, site) : kind === 'admin' ? adminSteps(b) : userSteps(b, site);
        while (running()) {
          await next()();
          await think();
        }
      };
      const tasks = [];
      let n = 1;
      for (const a of accounts) tasks.push(loop(n++, a.admin ? 'admin' : 'user', a));
      for (let i = 0; i < visitors; i++) tasks.push(loop(n++, 'visitor', null));
      const camp = (async () => {
        await sleep(duration * 100);
        return campaign(app, adminToken, rec, { sink, log: ctx.log });
      })();
      const campTask = camp.then((c) => (c.watch ? c.watch(end) : c));
      await Promise.all(tasks);
      const elapsed = (performance.now() - started) / 1000;
      rec.active = false;
      await campTask;
      // The campaign goes on after the run: wait for it (not timed) to see that every message went.
      const c = await camp;
      const after = c.watch ? await c.watch(performance.now() + (ctx.smoke ? 30_000 : 300_000)) : { detail: null, delivered: 0, done: false };
      c.browser?.close();
      const { peak: rssPeak } = rss.stop();
      // What stays after the work is done, once the collector has had its turn (10 s of nothing).
      await sleep(ctx.smoke ? 1000 : 10_000);
      const rssAfter = rssBytes(app.pid);

      const all = [];
      let errors = 0;
      const metrics = {};
      const keys = [...rec.routes.keys()].sort();
      for (const key of keys) {
        const r = rec.routes.get(key);
        all.push(...r.lat);
        errors += r.errors;
        const count = r.lat.length + r.errors;
        const p50 = percentile(r.lat, 50);
        const p99 = percentile(r.lat, 99);
        metrics[`route ${key}`] = {
          label: `${key}: ${count} req, ${r.errors} errors, p50 ${p50 === null ? 'n/a' : p50.toFixed(1)} ms · p99`,
          ...summarize([p99], 'ms'),
          count,
          errors: r.errors,
          p50,
        };
      }
      const total = all.length + errors;
      const counts = after.detail?.counts ?? {};
      const overall = {
        total: { label: 'requests (all routes)', ...summarize([total], 'count') },
        rps: { label: 'requests/s', ...summarize([total / elapsed], 'req/s') },
        errors: { label: 'errors (unexpected status, wrong bytes, timeouts, connection errors)', ...summarize([errors], 'count') },
        p50: { label: 'p50, all requests', ...summarize([percentile(all, 50)], 'ms') },
        p99: { label: 'p99, all requests', ...summarize([percentile(all, 99)], 'ms') },
        campaign_sent: { label: `campaign: messages sent (of ${recipients}), done ${after.done ? `after ${after.seconds.toFixed(0)} s` : 'no'}`, ...summarize([counts.sent ?? 0], 'count') },
        campaign_failed: { label: 'campaign: messages failed', ...summarize([counts.failed ?? (c.error ? recipients : 0)], 'count') },
        rss_idle: { label: 'api RSS before the load', ...summarize([rssIdle / 1e6], 'MB') },
        rss_peak: { label: 'api RSS, peak under the load', ...summarize([rssPeak / 1e6], 'MB') },
        rss_after: { label: 'api RSS 10 s after the load and the campaign', ...summarize([rssAfter / 1e6], 'MB') },
      };
      ctx.log(`  ${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} req/s), ${errors} errors, p50 ${overall.p50.value?.toFixed(1)} ms, p99 ${overall.p99.value?.toFixed(1)} ms; campaign ${counts.sent ?? 0} sent, ${counts.failed ?? 0} failed`);
      for (const key of keys) ctx.log(`    ${metrics[`route ${key}`].label} ${metrics[`route ${key}`].value?.toFixed(1)} ms`);
      for (const s of rec.samples) ctx.log(`  error: ${s}`);
      return {
        metrics: { ...overall, ...metrics },
        notes: [
          `${users} users (${visitors} visitors, ${members} signed-in users, ${admins} admins) for ${duration} s, think 0-${THINK_MS} ms between steps; ${signingIn} sign in during the run, the others come back with a session`,
          `each user has its own account and X-Forwarded-For (TRUSTED_PROXIES=loopback); sign-in throttles at the product's defaults (THROTTLE_PER_IP=100, THROTTLE_PER_ACCOUNT=10)`,
          `${site.files.length} library files of ${site.files[0].file_size / 1000} KB, ${site.slugs.length} published posts, ${recipients} campaign recipients`,
          ctx.mode === 'services' ? 'services mode: the worker sends the campaign' : 'embedded mode: the api sends the campaign in-process',
          ...rec.samples.map((s) => `error: ${s}`),
        ],
      };
    } finally {
      for (const b of browsers) b.close();
      if (worker) await stopProcess(worker);
      await app?.stop();
      await sink.stop();
    }
  },
};
