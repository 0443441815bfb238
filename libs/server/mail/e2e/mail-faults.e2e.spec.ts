// tiers: services
import { spawnSync } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, signIn, createAccount, confirmedUser, type SmtpSink, startSmtpSink, freePort, ROOT, startProcess, startRedis, createTestEnv, TestEnv, waitFor } from '@solvr/server-testing';

const WORKER = join(ROOT, 'dist/apps/worker/main.js');
const PASSWORD = 'Fault-test-pass-1';

/**
 * Mail under faults, with the built worker as its own process (killed, stopped) beside an api, a Redis of the
 * test's own and a real SMTP server in the test. Services tier only.
 */
jest.setTimeout(240_000);

describe('mail under faults (built worker process, own Redis)', () => {
  let t: TestEnv;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  let api: ApiApp;
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let admin: string;
  const http = () => request(api.getHttpServer());

  const startWorker = async () => {
    const worker = startProcess(process.execPath, [WORKER], { cleanEnv: true, env: { ...env, WORKER_PORT: String(await freePort()) } });
    await waitFor(async () => /Worker is processing jobs/.test(worker.output()) || (worker.proc.exitCode !== null ? Promise.reject(new Error(worker.output())) : undefined), 'the worker', 30_000);
    return worker;
  };
  const counts = async (id: string) => (await http().get(`/api/admin/mail/campaigns/${id}`).set('Authorization', `Bearer ${admin}`).expect(200)).body;

  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error('Build first: npx nx run-many -t build -p api worker');
    smtp = await startSmtpSink();
    t = await createTestEnv('services');
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    env = {
      ...t.env,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: smtp.url,
      JWT_SECRET: 'a-test-only-signing-key-of-forty-two-chars!',
      MAIL_BACKOFF_MS: '100',
      MAIL_REQUEUE_AFTER_SECONDS: '2',
      LOG_LEVEL: 'silent',
    };
    api = await createApi(t.config(env));
    await api.init();
    await createAccount(api, 'boss@example.com', PASSWORD, 'admin');
    admin = (await signIn(api, 'boss@example.com', PASSWORD)).token;
  });

  afterAll(async () => {
    await api?.close();
    redis?.proc.kill('SIGKILL');
    await smtp?.close();
    await t?.cleanup();
  });

  it('the worker refuses to start on a Redis that may evict keys', async () => {
    const port = await freePort();
    const evicting = await startRedis(port, 'allkeys-lru');
    try {
      const run = spawnSync(process.execPath, [WORKER], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env, REDIS_URL: `redis://127.0.0.1:${port}` }, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        'Invalid setting REDIS_URL: Redis maxmemory-policy is allkeys-lru; the mail queue needs noeviction (set maxmemory-policy noeviction), or queued mail could be evicted',
      );
    } finally {
      evicting.proc.kill('SIGKILL');
    }
  });

  it('2,000 recipients, the worker killed with SIGKILL mid-way and restarted: every recipient ends with exactly one message', async () => {
    const users = api.get(UsersService);
    for (let i = 0; i < 2000; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, k) => confirmedUser(users, `k${i + k}@kill.example.com`)));
    }
    let worker = await startWorker();
    const res = await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${admin}`).send({ subject: 'Killed mid-way', message: 'Body', all: { q: '@kill.example.com' } }).expect(201);
    expect(res.body.queued).toBe(2000);
    await waitFor(async () => smtp.mails.length >= 700 || undefined, 'a third of the campaign', 60_000);
    worker.proc.kill('SIGKILL');
    await worker.exited;
    const atKill = smtp.mails.length;
    expect(atKill).toBeLessThan(2000);
    worker = await startWorker();
    try {
      await waitFor(async () => ((await counts(res.body.campaign.id)).done ? true : undefined), 'the campaign to finish after the restart', 120_000);
      expect((await counts(res.body.campaign.id)).counts).toMatchObject({ sent: 2000, failed: 0, queued: 0, sending: 0 });
      const byRecipient = new Map<string, Set<string>>();
      for (const m of smtp.mails.filter((x) => x.headers.subject === 'Killed mid-way')) {
        for (const to of m.to) byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(m.messageId));
      }
      expect(byRecipient.size).toBe(2000);
      // One message each (one Message-ID). A message whose SMTP transaction had ended just before the kill, but
      // whose row was not marked yet, is sent again with the same Message-ID, which receiving mailboxes drop.
      expect([...byRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
      const copies = smtp.mails.filter((x) => x.headers.subject === 'Killed mid-way').length - 2000;
      expect(copies).toBeLessThanOrEqual(20); // at most the jobs that were in flight at the kill
    } finally {
      worker.proc.kill('SIGTERM');
      await worker.exited;
    }
  });

  it('with Redis down an admin’s send still answers at once; the mail goes out when Redis is back', async () => {
    const worker = await startWorker();
    try {
      for (let i = 0; i < 5; i++) await createAccount(api, `down${i}@redis.example.com`, PASSWORD);
      redis.proc.kill('SIGKILL');
      await redis.exited;
      const started = Date.now();
      const res = await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${admin}`).send({ subject: 'While Redis was down', message: 'Body', all: { q: '@redis.example.com' } }).expect(201);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.body.queued).toBe(5);
      redis = await startRedis(redisPort);
      await waitFor(async () => ((await counts(res.body.campaign.id)).counts.sent === 5 ? true : undefined), 'the mail after Redis came back', 60_000);
      for (let i = 0; i < 5; i++) expect(smtp.to(`down${i}@redis.example.com`)).toHaveLength(1);
    } finally {
      worker.proc.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    }
  });

  it('on SIGTERM the worker stops taking jobs and finishes the ones it is sending', async () => {
    for (let i = 0; i < 40; i++) await createAccount(api, `term${i}@term.example.com`, PASSWORD);
    smtp.delayMs = 1500;
    const worker = await startWorker();
    try {
      const res = await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${admin}`).send({ subject: 'Stopped gently', message: 'Body', all: { q: '@term.example.com' } }).expect(201);
      await waitFor(async () => ((await counts(res.body.campaign.id)).counts.sending > 0 ? true : undefined), 'sends in flight');
      worker.proc.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      const after = (await counts(res.body.campaign.id)).counts;
      expect(after.sending).toBe(0); // every send it had started finished before it exited
      expect(after.sent).toBeGreaterThan(0);
      expect(after.queued).toBeGreaterThan(0); // and it took no new ones
      expect(smtp.mails.filter((m) => m.headers.subject === 'Stopped gently')).toHaveLength(after.sent);
    } finally {
      smtp.delayMs = 0;
    }
  });
});
