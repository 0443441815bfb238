// tiers: sqlite, services
import { getQueueToken } from '@nestjs/bull';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { Queue } from 'bull';
import { InProcessQueue } from '@solvr/server-core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { MailProcessor, MailService, OutboxReconciler, RECONCILE_JOB } from '@solvr/server-mail';
import { type ApiApp, createApi, createWorker, createTestEnv, TestEnv, TIER, waitFor } from '@solvr/server-testing';
// The services-mode test runs the real worker beside the api, as production does.

const message = { kind: 'test' as const, to: 'someone@example.com', subject: 'Hello from the queue', text: 'Plain body' };

describe(`mail through the queue (${TIER})`, () => {
  let t: TestEnv;
  let api: ApiApp;
  let worker: ApiApp | undefined;

  beforeAll(async () => {
    t = await createTestEnv();
    api = await createApi(t.config());
    await api.init();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await t.cleanup();
  });

  if (TIER === 'sqlite') {
    it('sends in-process: the row becomes sent and the .eml lands in the outbox', async () => {
      const mail = api.get(MailService);
      const row = await mail.enqueue(message);
      expect(row.status).toBe('queued');
      await api.get<InProcessQueue>(getQueueToken('mail'), { strict: false }).drain();
      const sent = await mail.find(row.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
      const eml = readFileSync(join(t.dataDir, 'outbox', `${row.id}.eml`), 'utf8');
      expect(eml).toContain('Subject: Hello from the queue');
      expect(eml).toContain('To: someone@example.com');
    });

    it("runs the reconciler's turns as a named interval of @nestjs/schedule in the one process", () => {
      expect(api.get(SchedulerRegistry).getIntervals()).toContain(RECONCILE_JOB);
    });
  }

  if (TIER === 'services') {
    it('the api only enqueues (job id = outbox row id); the worker process sends', async () => {
      const mail = api.get(MailService);
      const row = await mail.enqueue(message);
      const queue = api.get<Queue>(getQueueToken('mail'));
      const job = await queue.getJob(row.id);
      expect(job?.data).toEqual({ id: row.id });
      await new Promise((r) => setTimeout(r, 500));
      expect((await mail.find(row.id))?.status).toBe('queued');

      worker = await createWorker(t.config());
      await worker.init();
      await waitFor(async () => (await mail.find(row.id))?.status === 'sent', 'the worker to send the message');
      expect(existsSync(join(t.dataDir, 'outbox', `${row.id}.eml`))).toBe(true);
    });

    it("schedules the reconciler's turns once per cluster: one Bull repeatable job, however many workers add it", async () => {
      const queue = api.get<Queue>(getQueueToken('mail'));
      const reconciler = worker!.get(OutboxReconciler);
      // A second worker starting adds the same repeat again.
      await reconciler.onApplicationBootstrap();
      const repeats = (await queue.getRepeatableJobs()).filter((j) => j.name === RECONCILE_JOB);
      expect(repeats).toEqual([expect.objectContaining({ name: RECONCILE_JOB, every: reconciler.every })]);
      // Nothing of it runs in the api: it only enqueues.
      expect(api.get(SchedulerRegistry).getIntervals()).not.toContain(RECONCILE_JOB);
    });

    it('a lost job is re-enqueued by the reconciler and sent once', async () => {
      const mail = api.get(MailService);
      const row = await mail.enqueue(message);
      const queue = api.get<Queue>(getQueueToken('mail'));
      await waitFor(async () => (await mail.find(row.id))?.status === 'sent', 'first send');
      // Simulate a row whose job vanished (Redis flushed) before it was sent.
      await (await queue.getJob(row.id))?.remove();
      const repo = (mail as unknown as { outbox: { update: (id: string, v: object) => Promise<unknown> } }).outbox;
      await repo.update(row.id, { status: 'queued' });
      expect(await worker!.get(OutboxReconciler).reconcile(0)).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await mail.find(row.id))?.status === 'sent', 'the re-enqueued send');
      expect((await mail.find(row.id))?.attempts).toBe(2);
    });
  }

  it('running a sent message again does nothing', async () => {
    const host = TIER === 'services' ? worker! : api;
    const mail = api.get(MailService);
    const row = await mail.enqueue({ ...message, subject: 'Once only' });
    await waitFor(async () => {
      if (TIER === 'sqlite') await api.get<InProcessQueue>(getQueueToken('mail'), { strict: false }).drain();
      return (await mail.find(row.id))?.status === 'sent';
    }, 'the send');
    await host.get(MailProcessor).send({ id: row.id, name: 'send', data: { id: row.id }, attemptsMade: 0 });
    expect((await mail.find(row.id))?.attempts).toBe(1);
  });
});
