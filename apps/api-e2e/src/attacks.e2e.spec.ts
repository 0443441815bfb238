// tiers: sqlite, services
import { randomBytes } from 'crypto';
import { join } from 'path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseDocument } from 'htmlparser2';
import Parser from 'rss-parser';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Logger as Pino } from 'pino';
import { ROOT_LOGGER, sizeInBytes } from '@solvr/server-core';
// The services-mode test runs the real worker beside the api, as production does.
import {
  AUTH_HEADERS,
  COOKIES,
  CRLF,
  CSV_FORMULAS,
  EMAILS,
  FILE_NAMES,
  FILTERS,
  HEADERS,
  MALFORMED_BODIES,
  nested,
  PWN_PAYLOADS,
  REDIRECTS,
  SQL,
  TRAVERSAL,
  XSS,
  type AttackClass,
} from '../support/attack-inputs';
import { type ApiApp, createApi, createWorker, googleSettings, profilePayload, refreshCookie, signIn, startOAuthProvider, createAccount, filesUnder, multipart, portOf, rawRequest, type SmtpSink, startSmtpSink, STRIPE_TEST_KEYS, createTestEnv, TestEnv, TIER, waitFor, fakeWebDist } from '@solvr/server-testing';

/**
 * Issue 16: hostile input at every input point of the product. Every answer is below 500; a refusal is a 4xx
 * with a JSON message; no answer shows a stack or a server path; nothing is logged at error level; what is
 * stored comes back without anything a browser, a spreadsheet or a mail client would run.
 */

const PASSWORD = 'Attack-pass-1';
const SITE = 'https://portal.attack.test';
const ADMIN = 'admin@attack.test';
const USER = 'user@attack.test';
const VICTIM = 'victim@attack.test';
const SUPPORT = 'support@attack.test';
const CONTACT_USERS = Array.from({ length: 8 }, (_, i) => `contact${i}@attack.test`);
const CONCURRENCY = 8;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface Sent {
  point: string;
  cls: AttackClass;
  input: string;
  status: number;
}

/** Elements and attributes a browser could run, in HTML as the page would get it. */
function activeContent(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Array<{ name?: string; attribs?: Record<string, string>; children?: unknown[] }>) => {
    for (const n of nodes) {
      if (n.attribs && n.name) {
        if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'svg', 'math', 'frame', 'frameset', 'form', 'style'].includes(n.name) && !(n.name === 'iframe' && /^https:\/\/(www\.)?(youtube(-nocookie)?\.com|player\.vimeo\.com)\//.test(n.attribs.src ?? '')))
          found.push(`<${n.name}>`);
        for (const [name, value] of Object.entries(n.attribs)) {
          if (/^on/i.test(name) || name === 'srcdoc' || name === 'formaction') found.push(`${n.name}[${name}]`);
          if (['href', 'src', 'action', 'background', 'data', 'poster', 'xlink:href'].includes(name)) {
            let scheme = 'invalid:';
            try {
              scheme = new URL(value, 'https://site.example/').protocol;
            } catch {
              /* not a URL a browser would follow */
            }
            if (!['https:', 'http:', 'mailto:', 'invalid:'].includes(scheme)) found.push(`${n.name}[${name}=${value}]`);
          }
        }
      }
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(parseDocument(html).children as never);
  return found;
}

/** The same for a whole mail document: its own head (meta, style) is the template's. */
const mailDangers = (html: string) => activeContent(html.replace(/<head[\s\S]*?<\/head>/i, ''));

/** A stack frame, a source location or a path of this machine in an answer. */
const LEAK = /\n\s+at [\w.<]|\(\/[^)]*:\d+:\d+\)|\w\.(ts|js):\d+|node_modules|\/work\/|\/home\/|\/root\/|[A-Z]\w*Error: [^"]*\n/;

describe(`attack suite: hostile input at every input point (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let worker: ApiApp | undefined;
  let smtp: SmtpSink;
  let mock: Awaited<ReturnType<typeof startOAuthProvider>>;
  let port: number;
  let bodyLimit: number;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const sent: Sent[] = [];
  const problems: string[] = [];
  const everything: string[] = [];
  const logged: Array<{ level: string; args: unknown[] }> = [];
  const db = () => app.get(DataSource);
  const http = () => request(app.getHttpServer());

  /** Records every line a logger writes at warn and above; error and fatal must never appear for bad input. */
  const hookLogger = (logger: Pino) => {
    for (const level of ['warn', 'error', 'fatal'] as const) jest.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push({ level, args })) as never);
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    mock = await startOAuthProvider();
    t = await createTestEnv();
    const settings = t.config({
      ...googleSettings(mock.issuer),
      ...STRIPE_TEST_KEYS,
      SMTP_URL: smtp.url,
      CONTACT_TO: SUPPORT,
      MAIL_TEST_TO: 'ops@attack.test',
      MAIL_BACKOFF_MS: '50',
      THROTTLE_PER_IP: '1000000',
      THROTTLE_PER_ACCOUNT: '100000',
      WEB_DIST_DIR: fakeWebDist(),
      PUBLIC_URL: SITE,
      LOG_LEVEL: 'warn',
    });
    bodyLimit = sizeInBytes(settings.bodyLimit);
    app = await createApi(settings);
    hookLogger(app.get(ROOT_LOGGER));
    await app.listen(0, '127.0.0.1');
    port = portOf(app);
    if (TIER === 'services') {
      worker = await createWorker(settings);
      hookLogger(worker.get(ROOT_LOGGER));
      await worker.init();
    }
    await createAccount(app, ADMIN, PASSWORD, 'admin');
    for (const email of [USER, VICTIM, ...CONTACT_USERS]) await createAccount(app, email, PASSWORD);
    for (const email of [ADMIN, USER, VICTIM, ...CONTACT_USERS]) {
      const s = await signIn(app, email, PASSWORD);
      tokens[email] = s.token;
      ids[email] = s.user.id as string;
    }
  }, 60_000);

  afterAll(async () => {
    mock?.proc.kill();
    await worker?.close();
    await app?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  // A test that failed has reported its problems; the next starts clean.
  beforeEach(() => void problems.splice(0));

  const bearer = (email: string) => ({ Authorization: `Bearer ${tokens[email]}` });

  async function toReply(req: request.Test | Promise<request.Response>): Promise<Reply> {
    const res = await req;
    const text = typeof res.text === 'string' ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('utf8') : JSON.stringify(res.body ?? '');
    return { status: res.status, headers: res.headers, text, body: res.body };
  }

  async function raw(path: string, opts: Parameters<typeof rawRequest>[2] = {}): Promise<Reply> {
    const res = await rawRequest(port, path, opts);
    const text = res.body.toString('utf8');
    let body: unknown = undefined;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, text, body };
  }

  /**
   * Sends one hostile input and checks the answer by the suite's rules; `expect` adds what this input point
   * promises (a return value is a problem). Problems are collected, so one run reports them all.
   */
  async function attack(point: string, cls: AttackClass, input: unknown, send: () => Promise<Reply>, expectFn?: (r: Reply) => string | void | undefined): Promise<Reply> {
    const label = typeof input === 'string' ? input : JSON.stringify(input);
    const short = `${point} [${cls}] ${JSON.stringify(label.length > 80 ? label.slice(0, 80) + '…' : label)}`;
    let reply: Reply;
    try {
      reply = await send();
    } catch (err) {
      problems.push(`${short}: the request failed (${(err as Error).message})`);
      sent.push({ point, cls, input: label, status: 0 });
      return { status: 0, headers: {}, text: '', body: undefined };
    }
    sent.push({ point, cls, input: label, status: reply.status });
    const problem = (p: string) => {
      problems.push(`${short}: ${p}`);
      everything.push(`${short}: ${p}`);
    };
    if (reply.status >= 500) problem(`answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    // Node's HTTP parser refuses oversized headers itself (431, no body): a status is all it can send.
    if (reply.status >= 400 && reply.status < 500 && reply.status !== 431) {
      const message = reply.body && typeof reply.body === 'object' ? reply.body.message : undefined;
      if (!String(reply.headers['content-type'] ?? '').includes('application/json') || typeof message !== 'string' || !message.trim())
        problem(`answered ${reply.status} without a JSON message: ${reply.text.slice(0, 120)}`);
    }
    if (LEAK.test(reply.text) || reply.text.includes(t.dataDir) || reply.text.includes(process.cwd())) problem(`leaks a stack or a path: ${reply.text.slice(0, 300)}`);
    const extra = expectFn?.(reply);
    if (extra) problem(extra);
    return reply;
  }

  /** Runs the jobs CONCURRENCY at a time. */
  async function batch<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
        while (next < items.length) await run(items[next++]);
      }),
    );
  }

  /** The problems found since the last call (a failing test lists every one). */
  function newProblems(): string[] {
    return problems.splice(0, problems.length);
  }

  const statusIn = (...allowed: number[]) => (r: Reply) => (allowed.includes(r.status) ? undefined : `expected ${allowed.join('/')}, got ${r.status}: ${r.text.slice(0, 150)}`);
  const json = (method: 'post' | 'put' | 'patch' | 'get' | 'delete', path: string, body?: unknown, headers: Record<string, string> = {}) => () => {
    const req = http()[method](path).set(headers);
    return toReply(body === undefined ? req : req.send(body as object));
  };

  describe('accounts', () => {
    it('sign-up, sign-in, forgot-password and resend refuse spoofed, quoted and bracketed e-mails and never make a look-alike account', async () => {
      const emails = [...EMAILS, ...SQL, ...CRLF, ...XSS.slice(0, 10)];
      await batch(emails, (email) => attack('POST /api/auth/signup', EMAILS.includes(email) ? 'email-confusable' : 'sql', email, json('post', '/api/auth/signup', { email, password: PASSWORD }), statusIn(202, 400)));
      await batch(emails, (email) => attack('POST /api/auth/forgot-password', EMAILS.includes(email) ? 'email-confusable' : 'sql', email, json('post', '/api/auth/forgot-password', { email }), statusIn(202, 400)));
      await batch(EMAILS, (email) => attack('POST /api/auth/resend-verification', 'email-confusable', email, json('post', '/api/auth/resend-verification', { email }), statusIn(202, 400)));
      await batch([...EMAILS, ...SQL], (email) =>
        attack('POST /api/auth/login', EMAILS.includes(email) ? 'email-confusable' : 'sql', email, json('post', '/api/auth/login', { email, password: PASSWORD }), (r) =>
          // Only the victim's own address (any case, spaces trimmed) signs in as the victim.
          r.status === 200 && email.trim().toLowerCase() !== VICTIM ? `signed in with ${JSON.stringify(email)}` : statusIn(200, 400, 401, 403)(r),
        ),
      );
      await batch(SQL, (password) => attack('POST /api/auth/login (password)', 'sql', password, json('post', '/api/auth/login', { email: VICTIM, password }), statusIn(401)));

      // Accounts are only ever plain ASCII addresses: none folds (NFKC, case, invisible characters) onto another.
      const rows: Array<{ email: string }> = await db().query('SELECT email FROM users');
      const fold = (e: string) => e.normalize('NFKC').toLowerCase().replace(/[\s\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g, '');
      const folded = rows.map((r) => fold(r.email));
      expect(folded.filter((e, i) => folded.indexOf(e) !== i)).toEqual([]);
      expect(rows.filter((r) => !/^[\x21-\x7e]+$/.test(r.email)).map((r) => r.email)).toEqual([]);
      // Reset and verification mail went to stored addresses only.
      const to: Array<{ to_address: string }> = await db().query('SELECT DISTINCT to_address FROM mail_outbox');
      const known = new Set(rows.map((r) => r.email));
      expect(to.map((r) => r.to_address).filter((a) => !known.has(a) && a !== SUPPORT)).toEqual([]);
      expect(newProblems()).toEqual([]);
    });

    it('refuses malformed, nested, oversize and wrongly typed bodies on the JSON routes with a clear 4xx', async () => {
      const routes = ['/api/auth/login', '/api/auth/signup', '/api/auth/forgot-password', '/api/auth/reset-password', '/api/contact', '/api/users/me/profile'];
      const jobs = routes.flatMap((path) => MALFORMED_BODIES.map((b) => ({ path, ...b })));
      await batch(jobs, ({ path, type, body }) =>
        attack(`${path === '/api/users/me/profile' ? 'PUT' : 'POST'} ${path}`, 'malformed-body', `${type} ${String(body).slice(0, 60)}`, () => {
          const req = http()[path === '/api/users/me/profile' ? 'put' : 'post'](path).set(bearer(USER));
          if (type) req.set('Content-Type', type);
          return toReply(req.send(body as string));
        }, (r) => (r.status === 200 && path === '/api/auth/login' ? 'a malformed body signed in' : undefined)),
      );
      const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(bodyLimit) });
      for (const path of ['/api/auth/login', '/api/contact', '/api/admin/news', '/api/apps/portal/entities/News']) {
        await attack(`POST ${path}`, 'oversize', `${big.length} bytes`, () => toReply(http().post(path).set(bearer(ADMIN)).set('Content-Type', 'application/json').send(big)), statusIn(413));
        await attack(`POST ${path}`, 'malformed-body', 'nested 100 deep', () => toReply(http().post(path).set(bearer(ADMIN)).set('Content-Type', 'application/json').send(JSON.stringify(nested(100)))), statusIn(400));
      }
      expect(newProblems()).toEqual([]);
    });

    it('treats hostile tokens, cookies and Authorization headers as no session', async () => {
      const tokensIn = [...SQL, ...TRAVERSAL, 'a'.repeat(5000)];
      await batch(tokensIn, (token) =>
        attack('GET /api/auth/verify-email?token', 'sql', token, () => toReply(http().get('/api/auth/verify-email').query({ token })), (r) =>
          r.status === 302 && r.headers.location === '/VerifyYourEmail?error=invalid' ? undefined : `expected the invalid-link page, got ${r.status} ${r.headers.location}`,
        ),
      );
      await batch(['?token=a&token=b', '?token[]=a', '?token[$ne]=x', '?token=%00', '?token=%E0%A4%A'], (qs) =>
        attack('GET /api/auth/verify-email?token', 'repeated-param', qs, () => raw(`/api/auth/verify-email${qs}`), statusIn(302, 400)),
      );
      await batch(tokensIn.slice(0, 20), (token) => attack('POST /api/auth/reset-password', 'sql', token, json('post', '/api/auth/reset-password', { token, password: 'New-Passw0rd!' }), statusIn(400)));
      await batch(COOKIES, (cookie) => attack('POST /api/auth/refresh (Cookie)', 'cookie', cookie, () => toReply(http().post('/api/auth/refresh').set('Cookie', cookie)), statusIn(204, 400, 401)));
      // (The local provider accepts any code, so a matching state cookie signs its identity in: the target must still be ours.)
      await batch(COOKIES, (cookie) => attack('GET /api/auth/google/callback (Cookie)', 'cookie', cookie, () => toReply(http().get('/api/auth/google/callback?state=x&code=y').set('Cookie', cookie)), (r) =>
        r.status === 302 && /^\/[A-Za-z]/.test(String(r.headers.location)) ? undefined : `expected a redirect on this site, got ${r.status} ${r.headers.location}`,
      ));
      await batch(AUTH_HEADERS, (value) => attack('GET /api/users/me (Authorization)', 'header', value, () => toReply(http().get('/api/users/me').set('Authorization', value)), statusIn(401, 400)));
      await batch(AUTH_HEADERS, (value) => attack('GET /api/apps/portal/entities/User/me (Authorization)', 'header', value, () => toReply(http().get('/api/apps/portal/entities/User/me').set('Authorization', value)), statusIn(401, 400)));
      await batch(HEADERS, (headers) => attack('GET /api/news (headers)', 'header', Object.keys(headers)[0], () => toReply(http().get('/api/news').set(headers)), statusIn(200, 400, 415)));
      await batch(HEADERS, (headers) => attack('POST /api/auth/login (headers)', 'header', Object.keys(headers)[0], () => toReply(http().post('/api/auth/login').set(headers).send({ email: USER, password: 'wrong-one' })), statusIn(401, 400, 403, 415)));
      await attack('GET /api/news (headers)', 'oversize', '40 kB of headers', () => raw('/api/news', { headers: { 'X-Huge': 'h'.repeat(40_000) } }), statusIn(431));
      await attack('GET /api/news (Cookie)', 'oversize', '40 kB cookie', () => raw('/api/news', { headers: { Cookie: `solvr_refresh=${'c'.repeat(40_000)}` } }), statusIn(431));
      expect(newProblems()).toEqual([]);
    });
  });

  describe('return URLs', () => {
    it('never lead off the site: Google sign-in returnTo and its cookie', async () => {
      // A Google account with a complete profile, so the callback honours the return path.
      await mock.as({ sub: 'g-returner', email: 'returner@attack.test', email_verified: true });
      const first = await googleFlow('/api/auth/google');
      const token = (await http().post('/api/auth/refresh').set('Cookie', refreshCookie(first)).expect(200)).body.access_token as string;
      const me = (await http().get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(200)).body;
      await http().put('/api/users/me/profile').set('Authorization', `Bearer ${token}`).send(profilePayload(me.id)).expect(200);

      const onSite = (location: string | undefined) => {
        if (!location) return 'no Location';
        const url = new URL(location, SITE);
        return url.origin === SITE && location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\') ? undefined : `left the site: ${location}`;
      };
      // The check can fail: a path on the site is where the flow ends.
      expect((await googleFlow('/api/auth/google?returnTo=%2FDownloads%3Ftab%3D1')).headers.location).toBe('/Downloads?tab=1');
      const encoded = REDIRECTS.map((r) => encodeURIComponent(r));
      for (const target of [...REDIRECTS, ...encoded.slice(0, 6)]) {
        await attack('GET /api/auth/google?returnTo', 'open-redirect', target, async () => {
          const res = await googleFlow(`/api/auth/google?returnTo=${encodeURIComponent(target)}`);
          return { status: res.status, headers: res.headers, text: res.text ?? '', body: res.body };
        }, (r) => onSite(r.headers.location as string));
        await attack('GET /api/auth/google/callback (return cookie)', 'open-redirect', target, async () => {
          const res = await googleFlow('/api/auth/google', target);
          return { status: res.status, headers: res.headers, text: res.text ?? '', body: res.body };
        }, (r) => onSite(r.headers.location as string));
      }
      expect(newProblems()).toEqual([]);
    });

    /** Google's redirect flow against the mock; `returnCookie` replaces the return path our start step stored. */
    async function googleFlow(start: string, returnCookie?: string): Promise<request.Response> {
      const begin = await http().get(start);
      if (begin.status !== 302) throw new Error(`start answered ${begin.status}`);
      const cookies = ([] as string[]).concat(begin.headers['set-cookie']).map((c) => c.split(';')[0]);
      const stored = cookies.find((c) => c.startsWith('solvr_oauth_return='));
      if (stored && !/^solvr_oauth_return=(%2F|\/)(?!%2F|\/|%5C|\\)/i.test(stored)) problems.push(`the start step stored a foreign return path: ${stored}`);
      const jar = returnCookie === undefined ? cookies : [...cookies.filter((c) => !c.startsWith('solvr_oauth_return=')), `solvr_oauth_return=${encodeURIComponent(returnCookie)}`];
      const provider = await fetch(new URL(begin.headers.location), { redirect: 'manual' });
      const callback = new URL(provider.headers.get('location') as string);
      return http().get(callback.pathname + callback.search).set('Cookie', jar.join('; '));
    }
  });

  describe('profile, users list and CSV export', () => {
    it('stores hostile profile values as text and exports no formula', async () => {
      const fields = ['full_name', 'company', 'job_title', 'city', 'street_address_1', 'state_province', 'postal_code', 'phone'] as const;
      const values = [...PWN_PAYLOADS, ...SQL.slice(0, 8), ...CRLF.slice(0, 5), ...CSV_FORMULAS, '\u202Eevil', 'Ａｄｍｉｎ'];
      const accepted: Array<{ field: string; value: string }> = [];
      // One user, one request at a time: each value is read back before the next overwrites it.
      for (const field of fields) {
        for (const value of field === 'full_name' || field === 'company' ? values : values.slice(0, 8)) {
          const r = await attack(`PUT /api/users/me/profile (${field})`, CSV_FORMULAS.includes(value) ? 'csv-formula' : PWN_PAYLOADS.includes(value) ? 'xss' : 'sql', value, json('put', '/api/users/me/profile', profilePayload(ids[USER], { [field]: value }), bearer(USER)), statusIn(200, 400));
          if (r.status === 200 && (field === 'full_name' || field === 'company')) {
            accepted.push({ field, value });
            await checkExport(field, value);
          }
        }
      }
      // The profile as the app reads it is JSON (React renders it as text), never HTML.
      const profile = await http().get('/api/users/me/profile').set(bearer(USER)).expect(200);
      expect(profile.headers['content-type']).toMatch(/^application\/json/);
      expect(profile.headers['x-content-type-options']).toBe('nosniff');
      // Formulas were stored, so the export check above ran on them.
      expect(accepted.filter((a) => CSV_FORMULAS.includes(a.value)).length).toBeGreaterThan(0);
      expect(newProblems()).toEqual([]);
    });

    async function checkExport(field: 'full_name' | 'company', value: string) {
      const csv = await http().get('/api/admin/users/export.csv').query({ q: USER }).set(bearer(ADMIN)).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
      const rows: string[][] = parseCsv(String(csv.body).replace(/^\uFEFF/, ''), { relax_column_count: true });
      const header = rows[0].map((h) => h.toLowerCase());
      const col = header.findIndex((h) => (field === 'full_name' ? /name/.test(h) : /company/.test(h)));
      const row = rows.find((r) => r.includes(USER));
      const cell = row?.[col] ?? '';
      if (/^[=+\-@\t\r]/.test(cell)) problems.push(`users.csv ${field} cell is a live formula: ${JSON.stringify(cell)}`);
      if (/^[=+\-@\t\r]/.test(value.trim()) && !cell.startsWith("'")) problems.push(`users.csv ${field} cell not neutralised: ${JSON.stringify(cell)} for ${JSON.stringify(value)}`);
    }

    it('answers hostile search, paging and id inputs of the admin lists with 200 or a clear 4xx', async () => {
      const qs = [...SQL, ...FILTERS.slice(0, 12), ...XSS.slice(0, 5), 'a'.repeat(3000)];
      const jobs: Array<[string, string, AttackClass]> = [];
      for (const q of qs) {
        const cls: AttackClass = FILTERS.includes(q) ? 'filter-operator' : XSS.includes(q) ? 'xss' : 'sql';
        jobs.push(['/api/admin/users', `?q=${encodeURIComponent(q)}`, cls], ['/api/admin/users/pick', `?q=${encodeURIComponent(q)}`, cls], ['/api/admin/mail/recipients', `?q=${encodeURIComponent(q)}`, cls]);
        jobs.push(['/api/admin/audit', `?action=${encodeURIComponent(q)}&actor=${encodeURIComponent(q)}`, cls]);
      }
      for (const p of ['?after=' + encodeURIComponent(SQL[0]), '?after=%00', '?after=' + 'z'.repeat(2000), '?q=a&q=b', '?q[]=a', '?q[$ne]=x', '?after=a&after=b'])
        jobs.push(['/api/admin/users', p, 'repeated-param'], ['/api/admin/audit', p, 'repeated-param']);
      for (const p of ['?limit=-1', '?limit=1e9', '?offset=NaN', '?limit=1&limit=2', '?offset[]=1']) jobs.push(['/api/admin/mail/recipients', p, 'repeated-param']);
      await batch(jobs, ([path, query, cls]) => attack(`GET ${path}`, cls, query, () => raw(path + query, { headers: bearer(ADMIN) }), statusIn(200, 400)));
      await batch([...SQL.slice(0, 6), ...TRAVERSAL.slice(0, 6)], (id) =>
        attack('PATCH /api/admin/users/:id/role', 'sql', id, json('patch', `/api/admin/users/${encodeURIComponent(id)}/role`, { role: 'admin' }, bearer(ADMIN)), statusIn(400, 404)),
      );
      await batch(['superadmin', "admin' --", '', 'ADMIN', ['admin']] as unknown[], (role) =>
        attack('PATCH /api/admin/users/:id/role (role)', 'sql', role, json('patch', `/api/admin/users/${ids[VICTIM]}/role`, { role }, bearer(ADMIN)), statusIn(400)),
      );
      expect((await db().query('SELECT role FROM users WHERE email = ?', [VICTIM]))[0].role).toBe('user');
      expect(newProblems()).toEqual([]);
    });
  });

  describe('mail fields', () => {
    it('keeps CR/LF out of the headers of contact, campaign, platform and test mail', async () => {
      let n = 0;
      const contactJobs: Array<{ field: string; value: string }> = [];
      for (const value of CRLF) for (const field of ['name', 'subject', 'email', 'category']) contactJobs.push({ field, value });
      for (const value of XSS.slice(0, 8)) contactJobs.push({ field: 'message', value });
      await batch(contactJobs, ({ field, value }) => {
        const from = CONTACT_USERS[n++ % CONTACT_USERS.length];
        const body = { name: 'Ann', email: from, category: 'technical-support', subject: 'Help', message: 'Hello', [field]: value };
        return attack(`POST /api/contact (${field})`, field === 'message' ? 'xss' : 'crlf', value, json('post', '/api/contact', body, bearer(from)), statusIn(204, 400, 429));
      });
      await batch(CRLF, (value) => attack('POST /api/admin/mail/preview (subject)', 'crlf', value, json('post', '/api/admin/mail/preview', { subject: value, message: 'Hi' }, bearer(ADMIN)), (r) =>
        r.status === 200 && /[\r\n]/.test(r.body.subject) ? `preview subject keeps a line break: ${JSON.stringify(r.body.subject)}` : statusIn(200, 400)(r),
      ));
      await batch(XSS.slice(0, 20), (value) => attack('POST /api/admin/mail/preview (message)', 'xss', value, json('post', '/api/admin/mail/preview', { subject: 'Hi', message: value }, bearer(ADMIN)), (r) =>
        r.status === 200 && mailDangers(r.body.html).length ? `preview html runs: ${mailDangers(r.body.html).join(', ')}` : statusIn(200, 400)(r),
      ));
      const campaigns = [...CRLF.map((subject) => ({ subject, message: 'Hello' })), ...PWN_PAYLOADS.slice(0, 4).map((message) => ({ subject: 'Hi', message }))];
      await batch(campaigns, (c) =>
        attack('POST /api/admin/mail/campaigns', c.message === 'Hello' ? 'crlf' : 'xss', c.message === 'Hello' ? c.subject : c.message, json('post', '/api/admin/mail/campaigns', { ...c, userIds: [ids[VICTIM]] }, bearer(ADMIN)), statusIn(201, 200, 400)),
      );
      await batch([...SQL.slice(0, 4), 'email\r\nBcc: a@evil.example', ['email']] as unknown[], (kind) =>
        attack('POST /api/admin/mail/test', 'crlf', kind, json('post', '/api/admin/mail/test', { kind }, bearer(ADMIN)), statusIn(400)),
      );
      const sendEmail = [...CRLF.map((subject) => ({ subject, from_name: 'Ann' })), ...CRLF.slice(0, 5).map((from_name) => ({ subject: 'Help', from_name }))];
      await batch(sendEmail, (m) =>
        attack('POST /api/apps/portal/integration-endpoints/Core/SendEmail', 'crlf', m.subject === 'Help' ? m.from_name : m.subject, json('post', '/api/apps/portal/integration-endpoints/Core/SendEmail', { to: SUPPORT, body: 'Hello', ...m }, bearer(USER)), statusIn(200, 400, 429)),
      );
      await batch(CRLF.slice(0, 4).map((to) => `${SUPPORT}${to.slice(5)}`), (to) =>
        attack('POST /api/apps/portal/integration-endpoints/Core/SendEmail (to)', 'crlf', to, json('post', '/api/apps/portal/integration-endpoints/Core/SendEmail', { to, subject: 'x', body: 'Hello' }, bearer(ADMIN)), statusIn(400)),
      );

      // Every accepted message reaches the sink (campaigns are fanned out after the answer); none carries an injected header or an extra recipient.
      const accepted = (point: string) => sent.filter((x) => x.point.startsWith(point) && x.status >= 200 && x.status < 300).length;
      const toSupport = accepted('POST /api/contact') + accepted('POST /api/apps/portal/integration-endpoints/Core/SendEmail');
      const campaignsSent = accepted('POST /api/admin/mail/campaigns');
      await waitFor(async () => smtp.to(SUPPORT).length >= toSupport && smtp.to(VICTIM).length >= campaignsSent, `${toSupport} + ${campaignsSent} mails at the sink`, 30_000);
      const known = new Set(((await db().query('SELECT email FROM users')) as Array<{ email: string }>).map((r) => r.email));
      const bad: string[] = [];
      for (const mail of smtp.mails) {
        const head = mail.raw.split(/\r?\n\r?\n/)[0];
        if (/^(bcc|x-injected):/im.test(head)) bad.push(`injected header in: ${head}`);
        if (/^content-type:\s*text\/html/im.test(head.split(/\r?\n/).filter((l) => !/^\s/.test(l)).join('\n')) && !/^content-type:\s*multipart/im.test(head)) bad.push(`body type replaced: ${head}`);
        if (mail.to.some((a) => a !== SUPPORT && a !== 'ops@attack.test' && !known.has(a))) bad.push(`sent to ${mail.to.join(', ')}`);
        const html = htmlPartOf(mail.text);
        if (html && mailDangers(html).length) bad.push(`html part runs: ${mailDangers(html).join(', ')}`);
      }
      expect([...newProblems(), ...bad]).toEqual([]);
      // Mails with the hostile subjects and names did arrive: the checks above ran on them.
      expect(smtp.to(SUPPORT).length).toBeGreaterThanOrEqual(10);
      expect(campaignsSent).toBeGreaterThan(0);
    });
  });

  describe('news', () => {
    const created: string[] = [];

    it('stores sanitised news HTML and plain-text titles from hostile input', async () => {
      await batch(XSS, (content) =>
        attack('POST /api/admin/news (content)', 'xss', content, json('post', '/api/admin/news', { title: 'XSS test', content, is_published: true }, bearer(ADMIN)), (r) => {
          if (r.status === 201) created.push(r.body.id);
          return r.status === 201 && activeContent(r.body.content).length ? `stored content runs: ${activeContent(r.body.content).join(', ')}` : statusIn(201, 400)(r);
        }),
      );
      const texts = [...PWN_PAYLOADS, ']]><script>window.__pwned=1</script>', ']]>]]><script>x</script><![CDATA[', ...SQL.slice(0, 4), ...CSV_FORMULAS.slice(0, 3)];
      for (const field of ['title', 'excerpt', 'author'] as const) {
        await batch(texts, (value) =>
          attack(`POST /api/admin/news (${field})`, PWN_PAYLOADS.includes(value) ? 'xss' : 'sql', value, json('post', '/api/admin/news', { title: 'T', content: '<p>x</p>', ...{ [field]: value }, is_published: true }, bearer(ADMIN)), (r) => {
            if (r.status === 201) created.push(r.body.id);
            return statusIn(201, 400)(r);
          }),
        );
      }
      // Read back: the post, the lists and the feeds.
      await batch(created.slice(0, 40), async (id) => {
        const post = await http().get(`/api/news/${id}`).expect(200);
        if (activeContent(post.body.content).length) problems.push(`GET /api/news/${id} content runs: ${activeContent(post.body.content).join(', ')}`);
      });
      const list = await http().get('/api/news?limit=50').expect(200);
      for (const item of list.body.items) if (activeContent(item.content ?? '').length) problems.push(`news list item ${item.id} runs`);
      expect(newProblems()).toEqual([]);
    });

    it('keeps the feeds well-formed: titles come back as escaped text, bodies sanitised, nothing breaks out of the XML', async () => {
      const list = (await http().get('/api/news?limit=50').expect(200)).body as { total: number };
      const titles = new Set(((await db().query('SELECT title FROM news WHERE is_published = ?', [true])) as Array<{ title: string }>).map((r) => r.title));
      const decode = (s: string) => s.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] as string);
      for (const path of ['/rss.xml', '/atom.xml']) {
        const res = await attack(`GET ${path}`, 'xss', 'stored news', () => toReply(http().get(path)), statusIn(200));
        const feed = await new Parser().parseString(res.text);
        // An element smuggled out of a CDATA section would change the items or turn a title into an object.
        expect(feed.items.length).toBe(Math.min(list.total, 50));
        for (const item of feed.items as Array<Record<string, unknown>>) {
          const title = item.title;
          if (typeof title !== 'string' || !titles.has(decode(title))) problems.push(`${path}: a title that is not a stored one: ${JSON.stringify(title)}`);
          // Readers render titles, summaries and bodies as HTML.
          for (const key of ['title', 'content', 'summary', 'content:encoded']) {
            const found = typeof item[key] === 'string' ? activeContent(item[key] as string) : [];
            if (found.length) problems.push(`${path}: ${key} of ${JSON.stringify(title)} runs: ${found.join(', ')}`);
          }
        }
      }
      expect(newProblems()).toEqual([]);
    });

    it('answers hostile refs, paging and repeated parameters with 200 or a clear 4xx', async () => {
      await batch([...SQL, ...TRAVERSAL, ...XSS.slice(0, 5)], (ref) => attack('GET /api/news/:ref', TRAVERSAL.includes(ref) ? 'path-traversal' : 'sql', ref, () => raw(`/api/news/${encodeURIComponent(ref)}`), statusIn(404, 400)));
      await batch(['?page=-1', '?page=1e308', '?limit=99999999', '?page=a&page=b', '?limit[]=1', `?page=${encodeURIComponent(SQL[0])}`, '?page=%00', '?page=1&page=2&page=3'], (q) =>
        attack('GET /api/news', 'repeated-param', q, () => raw(`/api/news${q}`), statusIn(200, 400)),
      );
      await batch([...SQL.slice(0, 5), ...TRAVERSAL.slice(0, 5)], (id) =>
        attack('PUT /api/admin/news/:id', 'sql', id, json('put', `/api/admin/news/${encodeURIComponent(id)}`, { title: 'x', content: 'y' }, bearer(ADMIN)), statusIn(404, 400)),
      );
      await batch([{ is_published: 'yes' }, { is_featured: { $ne: false } }, { is_published: true, role: 'admin' }, []], (body) =>
        attack('PATCH /api/admin/news/:id', 'malformed-body', body, json('patch', `/api/admin/news/${created[0]}`, body, bearer(ADMIN)), statusIn(400)),
      );
      expect(newProblems()).toEqual([]);
    });
  });

  describe('files and downloads', () => {
    it('stores uploads under random keys whatever the file name, and hostile titles as text', async () => {
      const upload = (fields: Record<string, string>, filename: string) => () => {
        const { body, contentType } = multipart(Object.entries(fields), [{ filename, content: randomBytes(256) }]);
        return toReply(http().post('/api/admin/files').set(bearer(ADMIN)).set('Content-Type', contentType).send(body));
      };
      const uploaded: Array<{ id: string; file_name: string }> = [];
      const keep = (r: Reply) => {
        if (r.status === 201) uploaded.push(r.body);
        return statusIn(201, 400)(r);
      };
      await batch(FILE_NAMES, (filename) => attack('POST /api/admin/files (file name)', /\.\.|\//.test(filename) ? 'path-traversal' : 'xss', filename, upload({ description: 'd' }, filename), keep));
      await batch(PWN_PAYLOADS, (value) => attack('POST /api/admin/files (name)', 'xss', value, upload({ name: value, description: 'd' }, 'a.zip'), keep));
      await batch(PWN_PAYLOADS, (value) => attack('POST /api/admin/files (description)', 'xss', value, upload({ description: value }, 'b.zip'), keep));
      const fieldValues: Array<[string, string, AttackClass]> = [
        ...SQL.slice(0, 6).map((v) => ['version', v, 'sql'] as [string, string, AttackClass]),
        ...['-1', '1e309', 'NaN', '0x10', "1' OR 1=1", '99999999999999999999'].map((v) => ['price', v, 'sql'] as [string, string, AttackClass]),
        ...['../../x', 'EUR\r\nX: 1', '€', "USD' --"].map((v) => ['currency', v, 'crlf'] as [string, string, AttackClass]),
        ...['admin', '__proto__', "all_users' --"].map((v) => ['access_type', v, 'sql'] as [string, string, AttackClass]),
        ...['not json', '{"$ne":null}', '["<script>x</script>@a.test"]', '['.repeat(100)].map((v) => ['allowed_users', v, 'malformed-body'] as [string, string, AttackClass]),
      ];
      await batch(fieldValues, ([field, value, cls]) => attack(`POST /api/admin/files (${field})`, cls, value, upload({ [field]: value, description: 'd' }, 'c.zip'), keep));
      // Multipart that is not what the route expects.
      const broken = [
        { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nunterminated' },
        { type: 'multipart/form-data; boundary=zz', body: '--zz--\r\n' },
        { type: 'multipart/form-data', body: 'x' },
        { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n' },
        { type: 'multipart/form-data; boundary="unclosed', body: '--unclosed\r\n\r\n' },
        { type: 'multipart/mixed; boundary=zz', body: '--zz\r\n\r\nx\r\n--zz--' },
        { type: 'application/json', body: '{"file":"../../etc/passwd"}' },
      ];
      const multipartRoutes = ['/api/admin/files', '/api/apps/portal/entities/News/import', '/api/apps/portal/integration-endpoints/Core/UploadFile'];
      await batch(
        multipartRoutes.flatMap((path) => broken.map((b) => ({ path, ...b }))),
        (b) => attack(`POST ${b.path}`, 'malformed-body', `${b.type} ${b.body}`, () => toReply(http().post(b.path).set(bearer(ADMIN)).set('Content-Type', b.type).send(b.body)), statusIn(400, 415)),
      );

      // Stored: only uuid-named objects in the storage folder; names come back without path parts.
      const stored = filesUnder(join(t.dataDir, 'files')).filter((p) => !(p.split('/').pop() ?? '').startsWith('.'));
      // (releases/ holds the seeded installers, named by the seed.)
      expect(stored.filter((p) => !/^files\/[0-9a-f-]{36}$/.test(p) && !/^releases\/seed-[\w.-]+$/.test(p))).toEqual([]);
      expect(filesUnder(t.dataDir).filter((p) => p.includes('..') || p.includes('passwd'))).toEqual([]);
      for (const f of uploaded) if (/[/\\\r\n]/.test(f.file_name) || f.file_name.includes('\u0000')) problems.push(`stored file name has path or control characters: ${JSON.stringify(f.file_name)}`);
      const library = await http().get('/api/admin/files').set(bearer(ADMIN)).expect(200);
      expect(library.headers['content-type']).toMatch(/^application\/json/);
      expect(uploaded.length).toBeGreaterThan(0);
      expect(newProblems()).toEqual([]);
    });

    it('serves nothing outside storage: /downloads/:name, signed links, file ids, release feeds and the static site', async () => {
      const leaked = (r: Reply) => (/root:x?:0:0|"name":\s*"@?solvr|\[fonts\]|"dependencies"/.test(r.text) ? `leaked a file: ${r.text.slice(0, 80)}` : undefined);
      const notFound = (r: Reply) => leaked(r) ?? statusIn(400, 404)(r);
      // A path of several segments is no /downloads/:name: the site's pages answer it with the shell, like any page address.
      const shellOrNotFound = (r: Reply) => leaked(r) ?? (r.status === 200 && /^text\/html/.test(String(r.headers['content-type'])) && r.text.includes('<div id="root">') ? undefined : statusIn(400, 404)(r));
      await batch(TRAVERSAL, (name) => attack('GET /downloads/:name', 'path-traversal', name, () => raw(`/downloads/${name}`), shellOrNotFound));
      await batch(TRAVERSAL, (name) => attack('GET /downloads/:name (encoded)', 'path-traversal', name, () => raw(`/downloads/${encodeURIComponent(name)}`), notFound));
      await batch(TRAVERSAL, (key) =>
        attack('GET /api/download?key', 'path-traversal', key, () => raw(`/api/download?key=${encodeURIComponent(key)}&name=x&expires=9999999999&sig=AAAA`), (r) => leaked(r) ?? statusIn(403, 410, 400)(r)),
      );
      await batch(['?key=a&key=b&name=x&expires=1&sig=a&sig=b', '?key[]=x', '?expires=-1', '?'], (q) => attack('GET /api/download', 'repeated-param', q, () => raw(`/api/download${q}`), statusIn(400, 403, 410)));
      await batch([...SQL, ...TRAVERSAL], (id) => attack('GET /api/files/:id', TRAVERSAL.includes(id) ? 'path-traversal' : 'sql', id, () => raw(`/api/files/${encodeURIComponent(id)}`, { headers: bearer(USER) }), notFound));
      await batch(SQL.slice(0, 8), (id) => attack('POST /api/files/:id/download', 'sql', id, json('post', `/api/files/${encodeURIComponent(id)}/download`, undefined, bearer(USER)), statusIn(400, 404)));
      await batch(TRAVERSAL.slice(0, 8), (id) => attack('GET /api/admin/files/:id/url', 'path-traversal', id, () => raw(`/api/admin/files/${encodeURIComponent(id)}/url`, { headers: bearer(ADMIN) }), notFound));
      await batch(TRAVERSAL.slice(0, 8), (seg) => attack('GET /api/releases/:channel/:feed', 'path-traversal', seg, () => raw(`/api/releases/${encodeURIComponent(seg)}/latest.yml`), notFound));
      await batch(TRAVERSAL.slice(0, 8), (seg) => attack('GET /api/releases/stable/latest.json?platform', 'path-traversal', seg, () => raw(`/api/releases/stable/latest.json?platform=${encodeURIComponent(seg)}`), notFound));
      await batch([...SQL.slice(0, 4), ['windows'], { $ne: 'x' }] as unknown[], (platform) => attack('POST /api/releases/notify', 'sql', platform, json('post', '/api/releases/notify', { platform }, bearer(USER)), statusIn(400)));
      const statics = [
        '/remotes/../../package.json',
        '/remotes/marketing/../../../package.json',
        '/remotes/%2e%2e/%2e%2e/package.json',
        '/remotes/marketing/%2e%2e%2f%2e%2e%2fpackage.json',
        '/remotes/marketing/..%5c..%5cpackage.json',
        '/remotes/marketing/remoteEntry.js%00.html',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/remotes/marketing/%252e%252e/package.json',
        '/shell/../../../../etc/passwd',
        '//etc/passwd',
        '/remotes/admin/..;/..;/package.json',
      ];
      await batch(statics, (path) => attack('GET (static web)', 'path-traversal', path, () => raw(path), (r) => leaked(r) ?? (r.status === 200 && !/^text\/html/.test(String(r.headers['content-type'])) ? `served ${r.headers['content-type']}` : statusIn(200, 400, 404)(r))));
      expect(newProblems()).toEqual([]);
    });
  });

  describe('platform API', () => {
    it("refuses unsupported operators in `q` and treats injection as a value, on every entity", async () => {
      const jobs: Array<[string, string, AttackClass]> = [];
      for (const entity of ['News', 'File', 'User', 'Purchase']) {
        for (const q of FILTERS) jobs.push([entity, `?q=${encodeURIComponent(q)}`, 'filter-operator']);
        for (const v of SQL.slice(0, 6)) jobs.push([entity, `?q=${encodeURIComponent(JSON.stringify({ id: v }))}`, 'sql']);
      }
      for (const p of ['?sort=' + encodeURIComponent(SQL[0]), '?sort=-password_hash', '?fields=password_hash', '?fields=__proto__', '?limit=-1', '?skip=1e400', '?q={}&q={}', '?limit=1&limit=2', '?sort[]=x', '?q[$where]=1'])
        jobs.push(['News', p, 'repeated-param']);
      await batch(jobs, ([entity, query, cls]) =>
        attack(`GET /api/apps/portal/entities/${entity}?q`, cls, query, () => raw(`/api/apps/portal/entities/${entity}${query}`, { headers: bearer(USER) }), (r) => {
          if (r.status === 200 && Array.isArray(r.body) && entity === 'User' && r.body.some((u: { email?: string }) => u.email && u.email !== USER)) return 'a user read other users';
          if (r.status === 200 && JSON.stringify(r.body).includes('password')) return 'answered a password field';
          return statusIn(200, 400, 403)(r);
        }),
      );
      await batch(['../portal', '..%2fportal', 'portal%00', "portal'%20--"], (appId) => attack('GET /api/apps/:appId/entities/News', 'path-traversal', appId, () => raw(`/api/apps/${appId}/entities/News`), statusIn(404, 400)));
      await batch(['__proto__', 'constructor', '../User', 'toString', SQL[0]], (entity) => attack('GET /api/apps/portal/entities/:entity', 'path-traversal', entity, () => raw(`/api/apps/portal/entities/${encodeURIComponent(entity)}`), statusIn(404, 400)));
      await batch(['__proto__', 'constructor', 'toString', '../checkProfileComplete', SQL[0]], (name) => attack('POST /api/apps/portal/functions/:name', 'path-traversal', name, json('post', `/api/apps/portal/functions/${encodeURIComponent(name)}`, {}, bearer(USER)), statusIn(404, 400)));
      expect(newProblems()).toEqual([]);
    });

    it('stores entity writes and CSV imports sanitised', async () => {
      await batch(PWN_PAYLOADS, (content) =>
        attack('POST /api/apps/portal/entities/News', 'xss', content, json('post', '/api/apps/portal/entities/News', { title: 'Platform', content, is_published: true }, bearer(ADMIN)), (r) =>
          r.status < 300 && activeContent(r.body.content ?? '').length ? `stored content runs: ${activeContent(r.body.content).join(', ')}` : statusIn(200, 201, 400)(r),
        ),
      );
      await batch([{ __proto__: { role: 'admin' } }, { role: 'admin' }, { email: 'other@attack.test' }, nested(40), { full_name: PWN_PAYLOADS[0] }] as unknown[], (body) =>
        attack('PUT /api/apps/portal/entities/User/me', 'malformed-body', body, json('put', '/api/apps/portal/entities/User/me', body, bearer(VICTIM)), statusIn(200, 400, 403)),
      );
      expect((await db().query('SELECT role, email FROM users WHERE id = ?', [ids[VICTIM]]))[0]).toEqual({ role: 'user', email: VICTIM });

      const csvs = [
        ...CSV_FORMULAS.map((f) => `title,content\n"${f.replace(/"/g, '""')}","<p>x</p>"\n`),
        ...PWN_PAYLOADS.slice(0, 5).map((p) => `title,content\nImported,"${p.replace(/"/g, '""')}"\n`),
        'title,content\n"unterminated,<p>x</p>\n',
        'title,content\nA,B,C,D\n',
        'title,password_hash\nx,y\n',
        '\u0000\u0001\u0002',
        'title,content\n' + 'x,y\n'.repeat(20000),
        '__proto__,content\nx,y\n',
      ];
      await batch(csvs, (csv) =>
        attack('POST /api/apps/portal/entities/News/import', csv.startsWith('title,content\n"=') ? 'csv-formula' : 'malformed-body', csv.slice(0, 60), () => {
          const { body, contentType } = multipart([], [{ filename: 'news.csv', type: 'text/csv', content: Buffer.from(csv) }]);
          return toReply(http().post('/api/apps/portal/entities/News/import').set(bearer(ADMIN)).set('Content-Type', contentType).send(body));
        }, (r) => {
          const out = (r.body?.output ?? []) as Array<{ content?: string }>;
          const runs = out.flatMap((o) => activeContent(o.content ?? ''));
          return runs.length ? `imported content runs: ${runs.join(', ')}` : statusIn(200, 201, 400, 413)(r);
        }),
      );
      expect(newProblems()).toEqual([]);
    });
  });

  describe('payments webhook and unsubscribe links', () => {
    it('refuses unsigned, forged and malformed webhook bodies with 400', async () => {
      const event = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1', metadata: { fileId: "' OR 1=1", userId: '../../admin' } } } });
      const bodies = [...MALFORMED_BODIES.map((b) => ({ ...b, sig: 't=1,v1=00' })), { type: 'application/json', body: event, sig: '' }, { type: 'application/json', body: event, sig: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, { type: 'application/json', body: event, sig: 't=1,v1=a,v1=b,v0=c' }, { type: 'application/json', body: event, sig: "' OR 1=1" }, { type: 'application/json', body: event, sig: 'x'.repeat(5000) }];
      await batch(bodies, (b) =>
        attack('POST /api/payments/webhook', 'malformed-body', `${b.type} sig=${b.sig.slice(0, 20)} ${String(b.body).slice(0, 40)}`, () => {
          const req = http().post('/api/payments/webhook');
          if (b.type) req.set('Content-Type', b.type);
          if (b.sig) req.set('Stripe-Signature', b.sig);
          return toReply(req.send(b.body as string));
        }, statusIn(400, 413, 415)),
      );
      await batch([...SQL.slice(0, 6), ...TRAVERSAL.slice(0, 6)], (id) => attack('GET /api/payments/sessions/:sessionId', 'sql', id, () => raw(`/api/payments/sessions/${encodeURIComponent(id)}`, { headers: bearer(USER) }), statusIn(400, 404)));
      expect(Number((await db().query('SELECT COUNT(*) AS n FROM purchases'))[0].n)).toBe(0);
      expect(newProblems()).toEqual([]);
    });

    it('treats hostile unsubscribe tokens as an invalid link', async () => {
      const tokensIn = [...SQL.slice(0, 8), ...TRAVERSAL.slice(0, 6)];
      await batch(tokensIn, (token) => attack('GET /api/mail/subscription?token', 'sql', token, () => raw(`/api/mail/subscription?token=${encodeURIComponent(token)}`), statusIn(400)));
      await batch(tokensIn, (token) => attack('POST /api/mail/unsubscribe?token', 'sql', token, () => raw(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' }), statusIn(400)));
      await batch(['?token=a&token=b', '?token[]=a', '?token[$ne]=1'], (q) => attack('POST /api/mail/unsubscribe?token', 'repeated-param', q, () => raw(`/api/mail/unsubscribe${q}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: Buffer.from('List-Unsubscribe=One-Click') }), statusIn(400)));
      expect(newProblems()).toEqual([]);
    });
  });

  it('sent at least 300 hostile inputs, logged nothing at error level, and stored no active content', () => {
    const points = new Set(sent.map((s) => s.point));
    const byClass: Record<string, number> = {};
    const byPoint: Record<string, number> = {};
    for (const s of sent) {
      byClass[s.cls] = (byClass[s.cls] ?? 0) + 1;
      byPoint[s.point] = (byPoint[s.point] ?? 0) + 1;
    }
    console.log(`attack suite: ${sent.length} inputs over ${points.size} input points\n${JSON.stringify({ byClass, byPoint }, null, 1)}`);
    expect(sent.length).toBeGreaterThanOrEqual(300);
    expect(sent.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
    expect(everything).toEqual([]);
    // The hook sees the request lines (4xx at warn), so an error line would have been seen too.
    expect(logged.filter((l) => l.level === 'warn').length).toBeGreaterThan(300);
    expect(logged.filter((l) => l.level !== 'warn').map((l) => JSON.stringify(l.args).slice(0, 300))).toEqual([]);
  });
});

/** The text/html part of a received message (quoted-printable already undone by the sink). */
function htmlPartOf(text: string): string | undefined {
  const at = text.search(/Content-Type:\s*text\/html/i);
  if (at < 0) return undefined;
  const rest = text.slice(at);
  const start = rest.search(/\r?\n\r?\n/);
  const end = rest.search(/\r?\n--[^\r\n]+/);
  return rest.slice(start, end > start ? end : undefined);
}
