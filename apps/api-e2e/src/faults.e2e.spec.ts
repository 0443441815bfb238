// tiers: services
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import http from 'http';
import { createConnection as mysqlConnection } from 'mysql2/promise';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, MESSAGES, type AdminFileView, type DownloadLink } from '@solvr/contracts';
import { startTestS3, type TestS3 } from '@solvr/server-storage/testing';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createWorker, signIn, createAccount, heldLink, multipart, type SmtpSink, startSmtpSink, freePort, startProcess, startRedis, type StartedProcess, confirmedUser, createTestEnv, TestEnv, waitFor } from '@solvr/server-testing';
// The worker runs in this process beside the api (mail-faults.e2e.spec runs the built one and SIGKILLs it).

/**
 * Issue 16, point 5: the product in services mode under faults of its dependencies (Redis SIGKILL, a MariaDB
 * restart under load, SMTP refusing for a minute, S3 gone during a download). Services tier only: it starts its
 * own redis-server and mariadbd. The worker's own SIGKILL and Redis down while an admin sends are in
 * mail-faults.e2e.spec; a FLUSHALL mid-campaign is in mail-center.e2e.spec.
 */
jest.setTimeout(120_000);

const PASSWORD = 'Faults-pass-1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A MariaDB server of this test's own (own datadir, port and socket), stopped and started again on the same data. */
async function startMariaDb() {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-faults-db-'));
  const port = await freePort();
  const install = startProcess('mariadb-install-db', ['--no-defaults', `--datadir=${dir}/data`, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'], { cleanEnv: true });
  if ((await install.exited) !== 0) throw new Error(install.output());
  let server: StartedProcess;
  const up = async () => {
    server = startProcess('mariadbd', [
      '--no-defaults',
      `--datadir=${dir}/data`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${dir}/sock`,
      `--pid-file=${dir}/pid`,
      '--user=root',
      '--skip-log-bin',
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=32M',
    ], { cleanEnv: true });
    await waitFor(async () => /ready for connections/.test(server.output()) || (server.proc.exitCode !== null ? Promise.reject(new Error(server.output())) : undefined), 'mariadbd to start', 30_000);
  };
  await up();
  return {
    url: `mysql://root@127.0.0.1:${port}`,
    /** Resolves once the server has exited. */
    stop: async (signal: NodeJS.Signals) => {
      server.proc.kill(signal);
      await server.exited;
    },
    start: up,
    remove: async () => {
      if (server.proc.exitCode === null) {
        server.proc.kill('SIGKILL');
        await server.exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP relay in front of a server, stopped (connections cut, port closed: refused) and started on the same port. */
async function startRelay(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((ok) => {
      const s = createServer((client) => {
        const upstream = createConnection(targetPort, '127.0.0.1');
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        sockets.add(client).add(upstream);
        client.pipe(upstream).on('error', drop);
        upstream.pipe(client).on('error', drop);
        client.on('close', drop).on('error', drop);
        upstream.on('close', drop).on('error', drop);
      });
      server = s.listen(port, '127.0.0.1', () => ok((s.address() as AddressInfo).port));
    });
  const port = await listen(0);
  return {
    port,
    stop: async () => {
      const closed = new Promise((r) => (server ? server.close(r) : r(undefined)));
      for (const s of sockets) s.destroy();
      await closed;
    },
    start: () => listen(port),
  };
}

describe('mail with Redis SIGKILLed mid-campaign and SMTP refusing for a minute (own Redis, worker beside the api)', () => {
  let t: TestEnv;
  let smtp: SmtpSink;
  let api: ApiApp;
  let worker: ApiApp;
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let admin: string;
  let user: string;
  const http = () => request(api.getHttpServer());
  const campaign = async (id: string) => (await http().get(`/api/admin/mail/campaigns/${id}`).set('Authorization', `Bearer ${admin}`).expect(200)).body;
  /** Recipients of that subject who got other than exactly one message. */
  const notOnce = (subject: string, recipients: string[]) => recipients.filter((to) => smtp.to(to).filter((m) => m.headers.subject === subject).length !== 1);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestEnv('services');
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const settings = {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: smtp.url,
      // Jobs lost with Redis are put back by the reconciler once their rows are this old (default 300 s).
      MAIL_REQUEUE_AFTER_SECONDS: '2',
    };
    api = await createApi(t.config(settings));
    await api.init();
    worker = await createWorker(t.config(settings));
    await worker.init();
    await createAccount(api, 'boss@faults.test', PASSWORD, 'admin');
    await createAccount(api, 'reader@faults.test', PASSWORD);
    admin = (await signIn(api, 'boss@faults.test', PASSWORD)).token;
    user = (await signIn(api, 'reader@faults.test', PASSWORD)).token;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    redis?.proc.kill('SIGKILL');
    await smtp?.close();
    await t?.cleanup();
  });

  it('Redis SIGKILLed mid-campaign and restarted empty on the same port: every recipient ends with exactly one message', async () => {
    const recipients = Array.from({ length: 400 }, (_, i) => `r${i}@rkill.example.com`);
    const users = api.get(UsersService);
    for (let i = 0; i < recipients.length; i += 100) await Promise.all(recipients.slice(i, i + 100).map((to) => confirmedUser(users, to)));
    smtp.delayMs = 30; // slow enough that the kill lands mid-way
    try {
      const res = await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${admin}`).send({ subject: 'Redis killed', message: 'Body', all: { q: '@rkill.example.com' } }).expect(201);
      expect(res.body.queued).toBe(400);
      await waitFor(async () => smtp.mails.length >= 100 || undefined, 'a quarter of the campaign', 60_000);
      redis.proc.kill('SIGKILL');
      await redis.exited;
      const atKill = smtp.mails.filter((m) => m.headers.subject === 'Redis killed').length;
      expect(atKill).toBeLessThan(400);
      // Redis is the queue, not what the api's reads stand on.
      await http().get('/api/files').set('Authorization', `Bearer ${user}`).expect(200);
      await sleep(2000);
      redis = await startRedis(redisPort); // empty: every waiting job is gone
      const back = Date.now();
      await waitFor(async () => ((await campaign(res.body.campaign.id)).done ? true : undefined), 'the campaign to finish after Redis came back', 90_000);
      console.log(`Redis SIGKILL: ${atKill}/400 sent at the kill, the rest within ${Date.now() - back} ms of Redis being back`);
      expect((await campaign(res.body.campaign.id)).counts).toMatchObject({ sent: 400, failed: 0, queued: 0, sending: 0 });
      expect(notOnce('Redis killed', recipients)).toEqual([]);
    } finally {
      smtp.delayMs = 0;
    }
  });

  it('SMTP refusing every recipient for a minute: the api answers meanwhile, then every message goes out once, none failed', async () => {
    const recipients = Array.from({ length: 40 }, (_, i) => `s${i}@refused.example.com`);
    const users = api.get(UsersService);
    await Promise.all(recipients.map((to) => confirmedUser(users, to)));
    smtp.refuse = '451 4.3.0 Mailbox temporarily unavailable, try again later';
    const refusedFrom = Date.now();
    const res = await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${admin}`).send({ subject: 'Refused a minute', message: 'Body', all: { q: '@refused.example.com' } }).expect(201);
    expect(res.body.queued).toBe(40);
    const answers: number[] = [];
    const health: Array<{ status: number; mail: string }> = [];
    while (Date.now() - refusedFrom < 60_000) {
      // SMTP is the worker's dependency, not the api's: its routes answer as usual.
      answers.push((await http().get('/api/files').set('Authorization', `Bearer ${user}`)).status);
      const h = await http().get('/api/health');
      health.push({ status: h.status, mail: h.body.mail?.status });
      const counts = (await campaign(res.body.campaign.id)).counts;
      expect(counts.sent).toBe(0);
      expect(counts.failed).toBe(0); // still being retried, not given up
      await sleep(Math.min(5000, 60_000 - (Date.now() - refusedFrom)));
    }
    const attempts = Number((await api.get(DataSource).query("SELECT MAX(attempts) AS n FROM mail_outbox WHERE subject = 'Refused a minute'"))[0].n);
    smtp.refuse = null;
    const accepted = Date.now();
    await waitFor(async () => ((await campaign(res.body.campaign.id)).done ? true : undefined), 'the campaign after SMTP accepts again', 90_000);
    console.log(`SMTP refused for ${accepted - refusedFrom} ms (up to ${attempts} tries per message by then); all delivered ${Date.now() - accepted} ms after it accepted; api answers meanwhile: ${JSON.stringify(answers)}; health: ${JSON.stringify(health)}`);
    expect(answers.every((s) => s === 200)).toBe(true);
    // The server answers (it refuses recipients, it is not down), so the health check of mail says up.
    expect(health.every((h) => h.status === 200 && h.mail === 'up')).toBe(true);
    expect(attempts).toBeGreaterThan(1);
    expect((await campaign(res.body.campaign.id)).counts).toMatchObject({ sent: 40, failed: 0, queued: 0, sending: 0 });
    expect(notOnce('Refused a minute', recipients)).toEqual([]);
  });
});

describe('a MariaDB restart under load (own mariadbd, SIGKILL and SIGTERM)', () => {
  let db: Awaited<ReturnType<typeof startMariaDb>>;
  let t: TestEnv;
  let app: ApiApp;
  let user: string;
  let fileId: string;
  const BOUND_MS = 10_000;

  beforeAll(async () => {
    db = await startMariaDb();
    const conn = await mysqlConnection(db.url);
    await conn.query('CREATE DATABASE solvr_faults CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await conn.end();
    t = await createTestEnv('services');
    app = await createApi(t.config({ DATABASE_URL: `${db.url}/solvr_faults`, THROTTLE_PER_IP: '100000', THROTTLE_PER_ACCOUNT: '100000' }));
    await app.init();
    await createAccount(app, 'admin@dbfaults.test', PASSWORD, 'admin');
    await createAccount(app, 'user@dbfaults.test', PASSWORD);
    const admin = (await signIn(app, 'admin@dbfaults.test', PASSWORD)).token;
    user = (await signIn(app, 'user@dbfaults.test', PASSWORD)).token;
    const { body, contentType } = multipart([], [{ filename: 'load.bin', content: randomBytes(1000) }]);
    fileId = ((await request(app.getHttpServer()).post('/api/admin/files').set('Authorization', `Bearer ${admin}`).set('Content-Type', contentType).send(body).expect(201)).body as AdminFileView).id;
  });

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await db?.remove();
  });

  it('answers 503 with a clear message while it is down (never 500, nothing hangs), recovers by itself, and loses no acknowledged write', async () => {
    type Op = 'login' | 'list' | 'download';
    const results: Array<{ op: Op; status: number; ms: number; message?: string; at: number }> = [];
    const call = async (op: Op) => {
      const http = request(app.getHttpServer());
      const req =
        op === 'login'
          ? http.post('/api/auth/login').send({ email: 'user@dbfaults.test', password: PASSWORD })
          : op === 'list'
            ? http.get('/api/files').set('Authorization', `Bearer ${user}`)
            : http.post(`/api/files/${fileId}/download`).set('Authorization', `Bearer ${user}`);
      const began = Date.now();
      let status = 0;
      let message: string | undefined;
      try {
        const res = await req.timeout(BOUND_MS);
        status = res.status;
        message = res.body?.message;
      } catch {
        status = -1; // no answer within the bound
      }
      results.push({ op, status, ms: Date.now() - began, message, at: Date.now() });
    };
    let running = true;
    const ops: Op[] = ['login', 'list', 'download'];
    const load = Promise.all(
      [0, 1, 2].map(async (k) => {
        for (let i = k; running; i++) {
          await call(ops[i % 3]);
          await sleep(20);
        }
      }),
    );
    const healthy = async () => (await request(app.getHttpServer()).get('/api/health')).status === 200;
    const cycles: Array<{ signal: string; served503: number; recoveryMs: number }> = [];
    try {
      await sleep(1500);
      for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
        const from = results.length;
        await db.stop(signal);
        await sleep(3000);
        // Down: the health check names the database.
        const down = await request(app.getHttpServer()).get('/api/health');
        expect(down.status).toBe(503);
        expect(down.body.database.status).toBe('down');
        await db.start();
        const ready = Date.now();
        await waitFor(healthy, 'the api to see the database again', 30_000);
        // Every kind of request answers 200 again, with no restart of the api.
        const mark = results.length;
        await waitFor(async () => ops.every((op) => results.slice(mark).some((r) => r.op === op && r.status >= 200 && r.status < 300)) || undefined, 'each kind of request to succeed', 30_000);
        cycles.push({ signal, served503: results.slice(from).filter((r) => r.status === 503).length, recoveryMs: Date.now() - ready });
        await sleep(1000);
      }
    } finally {
      running = false;
      await load;
    }
    const byStatus: Record<string, number> = {};
    for (const r of results) byStatus[`${r.op} ${r.status}`] = (byStatus[`${r.op} ${r.status}`] ?? 0) + 1;
    console.log(`MariaDB restarts under load: ${JSON.stringify(cycles)}; answers ${JSON.stringify(byStatus)}; slowest ${Math.max(...results.map((r) => r.ms))} ms`);

    expect(results.filter((r) => ![200, 201, 503].includes(r.status))).toEqual([]); // no 500, nothing past the bound
    for (const c of cycles) expect(c.served503).toBeGreaterThan(0);
    expect(new Set(results.filter((r) => r.status === 503).map((r) => r.message))).toEqual(new Set([MESSAGES.http.unavailable]));
    // The last answers of each kind are successes again.
    for (const op of ops) expect(results.filter((r) => r.op === op).slice(-1)[0].status).toBeLessThan(300);

    // Every acknowledged download is recorded, once; one cut off mid-transaction may or may not be (all or nothing).
    const acked = results.filter((r) => r.op === 'download' && r.status === 200).length;
    const refused = results.filter((r) => r.op === 'download' && r.status === 503).length;
    const ds = app.get(DataSource);
    const [file] = await ds.query('SELECT download_count AS n FROM files WHERE id = ?', [fileId]);
    const [rows] = await ds.query('SELECT COUNT(*) AS n FROM file_downloads WHERE file_id = ?', [fileId]);
    const [account] = await ds.query("SELECT download_count AS n FROM users WHERE email = 'user@dbfaults.test'");
    console.log(`downloads: ${acked} acknowledged, ${refused} answered 503, ${file.n} counted`);
    expect(Number(file.n)).toBeGreaterThanOrEqual(acked);
    expect(Number(file.n)).toBeLessThanOrEqual(acked + refused);
    expect(Number(rows.n)).toBe(Number(file.n));
    expect(Number(account.n)).toBe(Number(file.n));
    const loggedIn = results.filter((r) => r.op === 'login' && r.status === 200).length;
    const [sessions] = await ds.query('SELECT COUNT(*) AS n FROM auth_sessions');
    // Two sign-ins before the load; each acknowledged one during it has its session.
    expect(Number(sessions.n)).toBeGreaterThanOrEqual(loggedIn + 2);
  });
});

describe('S3 unavailable before and during a download (the stand-in behind a relay, stopped and restarted on its port)', () => {
  let s3: TestS3;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let t: TestEnv;
  let app: ApiApp;
  let admin: string;
  let user: string;
  let view: AdminFileView;
  const content = randomBytes(24 * 1024 * 1024);
  const httpApp = () => request(app.getHttpServer());
  const counted = async () => {
    const [file] = await app.get(DataSource).query('SELECT download_count AS n FROM files WHERE id = ?', [view.id]);
    const [rows] = await app.get(DataSource).query('SELECT COUNT(*) AS n FROM file_downloads WHERE file_id = ?', [view.id]);
    return { file: Number(file.n), rows: Number(rows.n) };
  };

  beforeAll(async () => {
    s3 = await startTestS3('faults-bucket');
    relay = await startRelay(Number(new URL(s3.settings.endpoint as string).port));
    t = await createTestEnv('services');
    app = await createApi(
      t.config({
        S3_BUCKET: 'faults-bucket',
        S3_ENDPOINT: `http://127.0.0.1:${relay.port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        FILE_MAX_SIZE: '64mb',
      }),
    );
    await app.init();
    await createAccount(app, 'admin@s3faults.test', PASSWORD, 'admin');
    await createAccount(app, 'user@s3faults.test', PASSWORD);
    admin = (await signIn(app, 'admin@s3faults.test', PASSWORD)).token;
    user = (await signIn(app, 'user@s3faults.test', PASSWORD)).token;
    const { body, contentType } = multipart([], [{ filename: 'big.bin', content }]);
    view = (await httpApp().post('/api/admin/files').set('Authorization', `Bearer ${admin}`).set('Content-Type', contentType).send(body).expect(201)).body;
  });

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await relay?.stop().catch(() => undefined);
    await s3?.close();
  });

  it('S3 down before a download: 503 with a clear message, nothing counted; back on its port, the retry is counted once', async () => {
    await relay.stop();
    const refused = await httpApp().post(`/api/files/${view.id}/download`).set('Authorization', `Bearer ${user}`);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(FILE_TEXTS.storageUnavailable);
    expect(await counted()).toEqual({ file: 0, rows: 0 });
    // Only what needs S3 is unavailable: the list answers, and health names storage.
    await httpApp().get('/api/files').set('Authorization', `Bearer ${user}`).expect(200);
    const health = await httpApp().get('/api/health').expect(503);
    expect(health.body).toMatchObject({ database: { status: 'up' }, storage: { status: 'down' } });

    await relay.start();
    const back = Date.now();
    const link: DownloadLink = (await waitFor(async () => {
      const res = await httpApp().post(`/api/files/${view.id}/download`).set('Authorization', `Bearer ${user}`);
      if (res.status !== 200 && res.status !== 503) throw new Error(`answered ${res.status}`);
      return res.status === 200 && res.body;
    }, 'the download to work again')) as DownloadLink;
    console.log(`S3 back: download link again after ${Date.now() - back} ms`);
    await httpApp().get('/api/health').expect(200);
    expect(await counted()).toEqual({ file: 1, rows: 1 });
    expect(link.url).toMatch(/^\/api\/download\?/);
  });

  it('S3 gone mid-download: the transfer breaks; back on its port, the same link downloads whole and is not counted again', async () => {
    const before = await counted();
    const link = heldLink(await httpApp().post(`/api/files/${view.id}/download`).set('Authorization', `Bearer ${user}`).expect(200));
    expect(await counted()).toEqual({ file: before.file + 1, rows: before.rows + 1 });
    const presigned = async () => {
      const res = await httpApp().get(link.url).set('Cookie', link.cookie).expect(302);
      return new URL(res.headers.location);
    };
    // The client reads a first chunk, holds the rest back, and S3 goes away.
    const cut = await new Promise<{ received: number; complete: boolean }>((resolve, reject) => {
      presigned().then((url) => {
        const req = http.get(url, { agent: false }, (res) => {
          let received = 0;
          res.on('data', (c: Buffer) => {
            if (received === 0) {
              res.pause();
              void relay.stop().then(() => res.resume());
            }
            received += c.length;
          });
          res.on('error', () => undefined);
          res.on('close', () => resolve({ received, complete: res.complete }));
        });
        req.on('error', () => undefined);
      }, reject);
    });
    expect(cut.complete).toBe(false);
    expect(cut.received).toBeLessThan(content.length);
    // The api still hands out the redirect (presigning needs no S3), and counts nothing for it.
    await httpApp().get(link.url).set('Cookie', link.cookie).expect(302);
    await relay.start();
    const whole = await fetch(await presigned());
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
    expect(await counted()).toEqual({ file: before.file + 1, rows: before.rows + 1 });
    console.log(`S3 cut mid-download after ${cut.received} of ${content.length} bytes; fetched whole after it came back`);
  });
});
