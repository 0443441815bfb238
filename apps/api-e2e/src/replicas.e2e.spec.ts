// tiers: services
import { createHash, randomBytes } from 'crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { ROTATION_GRACE_MS } from '@solvr/server-auth';
import { freePort, sleep, startProcess, startSmtpSink, stopProcess, waitForHttp, type SmtpSink, type StartedProcess } from '@solvr/testing';
import { startTestS3, type TestS3 } from '@solvr/server-storage/testing';
import { createAccount, createApi, createTestEnv, multipart, TIER, type TestEnv } from '@solvr/server-testing';

/**
 * Several replicas as operators run them (issue 30): two api processes and the worker, built as shipped, on MariaDB,
 * Redis and S3 (s3rver), behind the compose gateway's nginx config (deploy/nginx/gateway.conf.template) with both
 * api processes as its upstream. Each check talks to one replica or the other, or to the gateway.
 */
const ROOT = resolve(__dirname, '../../..');
const API = join(ROOT, 'dist/apps/api/main.js');
const WORKER = join(ROOT, 'dist/apps/worker/main.js');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(existsSync);
const PASSWORD = 'replicas-pass-1';
const ADMIN = 'ops.admin@replicas.test';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Running {
  url: string;
  child: StartedProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A server as its own process (the built api or worker, nginx), once `readyPath` answers on `port`. */
async function startServer(cmd: string, args: string[], port: number, readyPath: string, env?: NodeJS.ProcessEnv): Promise<Running> {
  const child = startProcess(cmd, args, env ? { env } : {});
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${readyPath}`, child);
  return {
    url,
    child,
    stop: async (signal) => {
      if (signal === 'SIGKILL' && child.proc.exitCode === null) {
        child.proc.kill('SIGKILL');
        await child.exited;
      } else await stopProcess(child);
    },
  };
}

/** The compose gateway's config with both api processes as its upstream (in place of Docker's DNS name api:3000). */
async function startGateway(dir: string, port: number, apiPorts: number[]): Promise<Running> {
  const template = readFileSync(join(ROOT, 'deploy/nginx/gateway.conf.template'), 'utf8')
    .replace(/^\s*resolver .*$/m, '')
    .replace(/set \$upstream api:3000;\s*proxy_pass http:\/\/\$upstream;/g, 'proxy_pass http://solvr_api;')
    .replace(/\$\{NGINX_PORT\}/g, `127.0.0.1:${port}`)
    .replace('/var/cache/nginx/solvr', join(dir, 'cache'));
  writeFileSync(join(dir, 'server.conf'), template);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`),
      `  upstream solvr_api { ${apiPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join(' ')} }`,
      `  include ${join(dir, 'server.conf')};`,
      '}',
    ].join('\n'),
  );
  return startServer(NGINX as string, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], port, '/healthz');
}

describe(`several replicas behind the gateway (${TIER})`, () => {
  let t: TestEnv;
  let s3: TestS3;
  let smtp: SmtpSink;
  let a: Running;
  let b: Running;
  let worker: Running;
  let gateway: Running;
  const dirs: string[] = [];
  const temp = () => {
    const d = mkdtempSync(join(tmpdir(), 'solvr-replica-'));
    dirs.push(d);
    return d;
  };
  const users: string[] = [];
  let adminToken = '';

  const json = async (res: Promise<Response>) => {
    const r = await res;
    return { status: r.status, headers: r.headers, body: await r.json().catch(() => null) };
  };
  const login = (base: string, email: string, password = PASSWORD) =>
    fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const asAdmin = (init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${adminToken}` } });

  beforeAll(async () => {
    if (!existsSync(API) || !existsSync(WORKER) || !existsSync(join(ROOT, 'dist/apps/shell/index.html'))) throw new Error('build first (npx nx run-many -t build)');
    if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx)');
    t = await createTestEnv();
    s3 = await startTestS3('replicas');
    smtp = await startSmtpSink();
    const gatewayPort = await freePort();
    const shared = {
      ...t.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The built web, so the replicas render the public pages (the news page among them).
      WEB_DIST_DIR: join(ROOT, 'dist/apps'),
      JWT_SECRET: randomBytes(36).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      S3_BUCKET: 'replicas',
      S3_ENDPOINT: s3.settings.endpoint as string,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: smtp.url,
      THROTTLE_PER_ACCOUNT: '5',
      TRUSTED_PROXIES: 'loopback',
    };
    // Accounts written once through the app's own code (the replicas share the database).
    const seeder = await createApi(t.config({ ...shared, DATA_DIR: temp() }));
    await seeder.init();
    await createAccount(seeder, ADMIN, PASSWORD, 'admin');
    for (let i = 0; i < 12; i++) {
      users.push(`member${i}@replicas.test`);
      await createAccount(seeder, users[i], PASSWORD);
    }
    await seeder.close();

    const apiPorts = [await freePort(), await freePort()];
    const node = (main: string, port: number, readyPath: string, env: Record<string, string>) =>
      startServer(process.execPath, [main], port, readyPath, { ...process.env, ...shared, DATA_DIR: temp(), ...env });
    a = await node(API, apiPorts[0], '/api/health/live', { PORT: String(apiPorts[0]), HOST: '127.0.0.1' });
    b = await node(API, apiPorts[1], '/api/health/live', { PORT: String(apiPorts[1]), HOST: '127.0.0.1', RUN_MIGRATIONS: 'false' });
    const workerPort = await freePort();
    worker = await node(WORKER, workerPort, '/', { WORKER_PORT: String(workerPort) });
    const gw = temp();
    gateway = await startGateway(gw, gatewayPort, apiPorts);
    expect(gateway.url).toBe(shared.PUBLIC_URL);
    adminToken = (await json(login(a.url, ADMIN))).body.access_token;
  }, 180_000);

  afterAll(async () => {
    for (const p of [gateway, worker, b, a]) await p?.stop().catch(() => undefined);
    await smtp?.close();
    await s3?.close();
    await t?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a session signed in on one replica refreshes on the other, and the new token works on the first', async () => {
    const signedIn = await login(a.url, users[0]);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('solvr_refresh='))?.split(';')[0] as string;
    const refreshed = await json(fetch(`${b.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } }));
    expect(refreshed.status).toBe(200);
    const me = await json(fetch(`${a.url}/api/users/me`, { headers: { authorization: `Bearer ${refreshed.body.access_token}` } }));
    expect(me.body.email).toBe(users[0]);
    // The rotation is shared too: a second tab replaying the old token on A within the grace gets a fresh session of
    // the same family; the rotated token replayed after it counts as theft and ends the family on both replicas.
    await sleep(ROTATION_GRACE_MS + 200);
    expect((await fetch(`${a.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } })).status).toBe(401);
    const newCookie = refreshed.headers.getSetCookie().find((c) => c.startsWith('solvr_refresh='))?.split(';')[0] as string;
    expect((await fetch(`${b.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: newCookie } })).status).toBe(401);
  });

  /** How long after `sent` a read on the other replica first showed the change (polling every 25 ms, up to 5 s). */
  async function lagOf(shows: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 5000) {
      const sent = Date.now() - started;
      if (await shows()) return sent;
      await sleep(25);
    }
    return Infinity;
  }

  it("a role change and a library change on one replica count on the other at once (the cache bus; the library is read from the table)", async () => {
    const token = (await json(login(b.url, users[3]))).body.access_token as string;
    const asUser = { headers: { authorization: `Bearer ${token}` } };
    const me = (await json(fetch(`${b.url}/api/users/me`, asUser))).body;
    const adminList = () => fetch(`${b.url}/api/admin/summary`, asUser).then((r) => r.status);
    expect(await adminList()).toBe(403);
    const role = (to: string) => json(fetch(`${a.url}/api/admin/users/${me.id}/role`, asAdmin({ method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: to }) })));
    expect((await role('admin')).status).toBe(200);
    const promoted = await lagOf(async () => (await adminList()) === 200);
    expect((await role('user')).status).toBe(200);
    const demoted = await lagOf(async () => (await adminList()) === 403);
    // A file switched off on A is gone from B's library on the next read.
    const form = multipart([['name', 'Replica shelf']], [{ filename: 'shelf.zip', type: 'application/zip', content: randomBytes(1000) }]);
    const file = (await json(fetch(`${a.url}/api/admin/files`, asAdmin({ method: 'POST', headers: { 'content-type': form.contentType }, body: new Uint8Array(form.body) })))).body;
    const listed = async () => ((await json(fetch(`${b.url}/api/files?limit=100`, asUser))).body.files as Array<{ id: string }>).some((f) => f.id === file.id);
    expect(await listed()).toBe(true);
    expect((await fetch(`${a.url}/api/admin/files/${file.id}`, asAdmin({ method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ is_active: false }) }))).status).toBe(200);
    const hidden = await lagOf(async () => !(await listed()));
    // README's table: a role change within the bus's delivery (well under ACCESS_STATE_MS), the library at once.
    expect({ promoted: promoted <= 250, demoted: demoted <= 250, hidden }).toEqual({ promoted: true, demoted: true, hidden: 0 });
  });

  it('a news post written on one replica shows on the other within half a second: list, page and feed', async () => {
    const title = `Replica news ${randomBytes(3).toString('hex')}`;
    const post = await json(fetch(`${a.url}/api/admin/news`, asAdmin({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, content: '<p>Both replicas.</p>' }) })));
    expect(post.status).toBe(201);
    const started = Date.now();
    const seen = { list: 0, feed: 0, page: 0 };
    // When the request that first answered with the post was sent (a busy machine's response time is not the replica's lag).
    while (Object.values(seen).some((v) => !v) && Date.now() - started < 3000) {
      const sent = Date.now() - started;
      const [list, feed, page] = await Promise.all([
        fetch(`${b.url}/api/news`).then((r) => r.text()),
        fetch(`${b.url}/rss.xml`).then((r) => r.text()),
        fetch(`${b.url}/NewsPage`, { headers: { accept: 'text/html' } }).then((r) => r.text()),
      ]);
      if (!seen.list && list.includes(title)) seen.list = sent || 1;
      if (!seen.feed && feed.includes(title)) seen.feed = sent || 1;
      if (!seen.page && page.includes(title)) seen.page = sent || 1;
      await sleep(50);
    }
    // The bus delivers in milliseconds; the page is rendered again 100 ms after the last change of a burst.
    for (const [what, ms] of Object.entries(seen)) expect([what, ms > 0 && ms <= 500]).toEqual([what, true]);
  });

  it('the gateway keeps anonymous public reads a second, one api request at a time per address; signed-in reads pass', async () => {
    const status = (r: Response) => r.headers.get('x-cache-status');
    // A burst of visitors for an address not yet kept: one goes to the api, the others wait for its answer.
    const burst = await Promise.all(Array.from({ length: 20 }, () => fetch(`${gateway.url}/api/news?limit=7`)));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(burst.map(status).filter((s) => s === 'MISS')).toHaveLength(1);
    expect(status(await fetch(`${gateway.url}/api/public-config`))).toMatch(/MISS|HIT|EXPIRED/);
    expect(status(await fetch(`${gateway.url}/api/public-config`))).toBe('HIT');
    expect(status(await fetch(`${gateway.url}/NewsPage`, { headers: { accept: 'text/html' } }))).toMatch(/MISS|HIT|EXPIRED/);
    expect(status(await fetch(`${gateway.url}/api/news`, asAdmin()))).toBe('BYPASS');
    // A new post reaches an anonymous visitor through the gateway once its second is over and the refresh it starts
    // is done (meanwhile the old answer is served: proxy_cache_use_stale updating); 3 s leaves room for a loaded machine.
    const title = `Gateway news ${randomBytes(3).toString('hex')}`;
    await fetch(`${gateway.url}/api/news`);
    const post = await json(fetch(`${a.url}/api/admin/news`, asAdmin({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, content: '<p>x</p>' }) })));
    expect(post.status).toBe(201);
    const lag = await lagOf(async () => (await fetch(`${gateway.url}/api/news`).then((r) => r.text())).includes(title));
    expect(lag).toBeLessThanOrEqual(3000);
  });

  it('shares the sign-in throttle: failures on either replica count against the same account', async () => {
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? b.url : a.url, users[1], 'wrong-password')).status).toBe(401);
    expect((await login(a.url, users[1], 'wrong-password')).status).toBe(429);
    expect((await login(b.url, users[1], 'wrong-password')).status).toBe(429);
  });

  it('an upload through one replica downloads through the other (S3), byte for byte', async () => {
    const bytes = randomBytes(300_000);
    const form = multipart([['name', 'Replica kit']], [{ filename: 'kit.zip', type: 'application/zip', content: bytes }]);
    const up = await json(fetch(`${a.url}/api/admin/files`, asAdmin({ method: 'POST', headers: { 'content-type': form.contentType }, body: new Uint8Array(form.body) })));
    expect(up.status).toBe(201);
    const user = (await json(login(b.url, users[2]))).body.access_token;
    const link = await json(fetch(`${b.url}/api/files/${up.body.id}/download`, { method: 'POST', headers: { authorization: `Bearer ${user}` } }));
    expect(link.status).toBe(200);
    const redirect = await fetch(new URL(link.body.url, b.url), { redirect: 'manual', headers: { cookie: link.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') } });
    expect(redirect.status).toBe(302);
    const got = Buffer.from(await (await fetch(redirect.headers.get('location') as string)).arrayBuffer());
    expect(sha256(got)).toBe(sha256(bytes));
  });

  it("reads a campaign's progress the same from both replicas while the worker sends it", async () => {
    const ids: string[] = [];
    const list = await json(fetch(`${a.url}/api/admin/mail/recipients?q=replicas.test&limit=50`, asAdmin()));
    for (const u of list.body.users ?? []) if (u.email.startsWith('member')) ids.push(u.id);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const created = await json(fetch(`${a.url}/api/admin/mail/campaigns`, asAdmin({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subject: 'Both', message: 'Hello from every replica', userIds: ids }) })));
    expect(created.status).toBe(201);
    const id = created.body.campaign.id;
    const progress = async (p: Running) => (await json(fetch(`${p.url}/api/admin/mail/campaigns/${id}`, asAdmin()))).body as { done: boolean; counts: { sent: number } };
    // Read one right after the other, B never shows less progress than A did (one source of truth), and at the end the same.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const fromA = await progress(a);
      const fromB = await progress(b);
      expect(fromB.counts.sent).toBeGreaterThanOrEqual(fromA.counts.sent);
      if (fromA.done && fromB.done) break;
      await sleep(100);
    }
    const [endA, endB] = [await progress(a), await progress(b)];
    expect(endA).toEqual(endB);
    expect(endA).toMatchObject({ done: true, counts: { sent: ids.length, failed: 0 } });
    // Each recipient got it once, sent by the worker.
    const both = smtp.mails.filter((m) => m.headers.subject === 'Both');
    expect(both).toHaveLength(ids.length);
    expect(new Set(both.flatMap((m) => m.to)).size).toBe(ids.length);
  });

  it('loses nothing when a replica is killed mid-request: the gateway retries reads on the other, and writes stay', async () => {
    const title = `Before the kill ${randomBytes(3).toString('hex')}`;
    expect((await fetch(`${gateway.url}/api/admin/news`, asAdmin({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, content: '<p>Kept.</p>' }) }))).status).toBe(201);
    const statuses: number[] = [];
    const reads = (async () => {
      for (let i = 0; i < 150; i++) statuses.push(await fetch(`${gateway.url}/api/news`).then((r) => r.status, () => 0));
    })();
    await sleep(150);
    await b.stop('SIGKILL');
    await reads;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // The post is kept: an anonymous reader sees it once the gateway's kept second and its refresh are over (the
    // bound README's table gives; the refresh may have been the one that reached the killed replica).
    const shown = await lagOf(async () => (await json(fetch(`${gateway.url}/api/news`))).body.items.some((n: { title: string }) => n.title === title));
    expect(shown).toBeLessThanOrEqual(3000);
  });
});
