// tiers: sqlite, services
import { getQueueToken } from '@nestjs/bull';
import request from 'supertest';
import Redis from 'ioredis';
import type { Queue } from 'bull';
import { CONTACT_TEXTS, EMAIL_CENTER_TEXTS, type MailRecipientIds, type MailRecipientPage } from '@solvr/contracts';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { CampaignFanout, CHUNKS_AHEAD, MailCampaign, OutboxMessage, OutboxReconciler } from '@solvr/server-mail';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createWorker, signIn, createAccount, type SmtpSink, startSmtpSink, createTestEnv, REDIS_URL, TestEnv, TIER, waitFor } from '@solvr/server-testing';
// The services-mode test runs the real worker beside the api, as production does.

const PASSWORD = 'Mail-test-pass-1';

describe(`Email Center, unsubscribe, contact and test e-mails over real SMTP (${TIER})`, () => {
  let t: TestEnv;
  let api: ApiApp;
  let worker: ApiApp | undefined;
  let smtp: SmtpSink;
  let admin: string;
  let user: string;
  const users: Record<string, string> = {};
  const http = () => request(api.getHttpServer());
  const asAdmin = (r: request.Test) => r.set('Authorization', `Bearer ${admin}`);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestEnv();
    const settings = { SMTP_URL: smtp.url, MAIL_BACKOFF_MS: '50', MAIL_MAX_ATTEMPTS: '3', MAIL_TEST_TO: 'ops@example.com', CONTACT_TO: 'support@example.com' };
    api = await createApi(t.config(settings));
    await api.init();
    if (TIER === 'services') {
      worker = await createWorker(t.config(settings));
      await worker.init();
    }
    await createAccount(api, 'boss@example.com', PASSWORD, 'admin');
    for (const name of ['ann', 'bob', 'cy', 'dee']) await createAccount(api, `${name}@example.com`, PASSWORD);
    const page = await api.get(UsersService).mailRecipients('@example.com', 50, 0);
    for (const u of page.users) users[u.email] = u.id;
    admin = (await signIn(api, 'boss@example.com', PASSWORD)).token;
    user = (await signIn(api, 'ann@example.com', PASSWORD)).token;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  /** Every key of this test's queue gone, as after a FLUSHALL. */
  const flushQueue = async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${t.env.REDIS_PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  };

  const campaignDone = (id: string) =>
    waitFor(async () => {
      const res = await asAdmin(http().get(`/api/admin/mail/campaigns/${id}`)).expect(200);
      return res.body.done ? res.body : undefined;
    }, 'the campaign to finish');

  it("refuses what the spec refuses, in the spec's words, and only admins may send", async () => {
    const send = (body: object) => asAdmin(http().post('/api/admin/mail/campaigns')).send(body);
    expect((await send({ subject: ' ', message: 'Hi', userIds: [users['ann@example.com']] }).expect(400)).body.message).toBe(EMAIL_CENTER_TEXTS.required);
    expect((await send({ subject: 'Hi', message: '', userIds: [users['ann@example.com']] }).expect(400)).body.message).toBe(EMAIL_CENTER_TEXTS.required);
    expect((await send({ subject: 'Hi', message: 'Hello', userIds: [] }).expect(400)).body.message).toBe(EMAIL_CENTER_TEXTS.noRecipients);
    await http().post('/api/admin/mail/campaigns').set('Authorization', `Bearer ${user}`).send({ subject: 'x', message: 'y', all: { q: '' } }).expect(403);
    await http().post('/api/admin/mail/campaigns').send({ subject: 'x', message: 'y', all: { q: '' } }).expect(401);
  });

  it('the preview is the template the recipients get, with anything typed shown as text', async () => {
    const res = await asAdmin(http().post('/api/admin/mail/preview')).send({ subject: 'News', message: 'Hello <script>alert(1)</script>\n\nBye' }).expect(200);
    expect(res.body).toMatchObject({ from: 'Solvr Team', subject: 'News' });
    expect(res.body.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body.html).not.toContain('<script>');
    expect(res.body.html).toContain('>Unsubscribe</a>');
  });

  it('a campaign: one message per recipient with List-Unsubscribe (RFC 8058) and a footer link, opted-out users skipped, live counts', async () => {
    await api.get(UsersService).setBulkMailOptOut(users['dee@example.com'], true);
    const picked = ['ann', 'bob', 'cy', 'dee'].map((n) => users[`${n}@example.com`]);
    const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Version 1.0.21\r\nBcc: evil@example.com', message: 'Hello!\n\nA new version is out.', userIds: picked }).expect(201);
    expect(res.body).toMatchObject({ queued: 3, skipped: 1 });
    const done = await campaignDone(res.body.campaign.id);
    expect(done).toMatchObject({ total: 3, skipped: 1, counts: { queued: 0, sending: 0, sent: 3, failed: 0 }, failures: [] });
    for (const name of ['ann', 'bob', 'cy']) {
      const [mail, ...more] = smtp.to(`${name}@example.com`).filter((m) => m.headers.subject.startsWith('Version 1.0.21'));
      expect(more).toHaveLength(0);
      // CR/LF in the subject never made a header of its own.
      expect(mail.headers.subject).toBe('Version 1.0.21 Bcc: evil@example.com');
      expect(mail.headers.bcc).toBeUndefined();
      expect(mail.to).toEqual([`${name}@example.com`]);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/mail\/unsubscribe\?token=[^>]+>$/);
      expect(mail.text).toMatch(/\/Unsubscribe\?token=[\w.-]+/);
    }
    expect(smtp.to('dee@example.com')).toHaveLength(0);
    const list = await asAdmin(http().get('/api/admin/mail/campaigns')).expect(200);
    expect(list.body[0]).toMatchObject({ id: res.body.campaign.id, counts: { sent: 3 } });
  });

  it('bulk mail goes only to accounts that confirmed their e-mail', async () => {
    const eve = await api.get(UsersService).register('eve-unconfirmed@example.com', 'not-a-real-hash');
    const picked = [users['bob@example.com'], eve.id];
    const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Confirmed only', message: 'Hello', userIds: picked }).expect(201);
    expect(res.body).toMatchObject({ queued: 1, skipped: 0 });
    expect(await campaignDone(res.body.campaign.id)).toMatchObject({ total: 1, counts: { sent: 1 } });
    expect(smtp.to('bob@example.com').filter((m) => m.headers.subject === 'Confirmed only')).toHaveLength(1);
    expect(smtp.to('eve-unconfirmed@example.com')).toHaveLength(0);
    const all = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Nobody', message: 'Hello', all: { q: 'eve-unconfirmed' } }).expect(400);
    expect(all.body.message).toBe(EMAIL_CENTER_TEXTS.noRecipients);
    // The Email Center lists and "Select all N matches" picks only whom campaign mail reaches: what is ticked is mailed.
    const listed = (await asAdmin(http().get('/api/admin/mail/recipients').query({ q: 'example.com', limit: 200 })).expect(200)).body as MailRecipientPage;
    expect(listed.users.map((u) => u.email)).not.toContain('eve-unconfirmed@example.com');
    expect(listed.total).toBe(listed.users.length);
    const every = (await asAdmin(http().get('/api/admin/mail/recipients/ids').query({ q: 'example.com' })).expect(200)).body as MailRecipientIds;
    expect(every.ids.sort()).toEqual(listed.users.filter((u) => !u.opted_out).map((u) => u.id).sort());
    expect(every.ids).toContain(users['bob@example.com']);
    expect((await asAdmin(http().get('/api/admin/mail/recipients/ids').query({ q: 'eve-unconfirmed' })).expect(200)).body).toEqual({ ids: [] });
  });

  it('one-click unsubscribe (a form POST, as mail providers send it) stops the next campaign; account mail still goes; a way back in', async () => {
    const mail = smtp.to('bob@example.com').find((m) => m.headers['list-unsubscribe']);
    const target = new URL(mail!.headers['list-unsubscribe'].slice(1, -1));
    const token = target.searchParams.get('token')!;
    await http().post(target.pathname + target.search).type('form').send('List-Unsubscribe=One-Click').expect(200, { email: 'bob@example.com', subscribed: false });
    await http().get(`/api/mail/subscription?token=${encodeURIComponent(token)}`).expect(200, { email: 'bob@example.com', subscribed: false });
    await http().post(`/api/mail/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`).expect(400);

    const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Second news', message: 'More news.', all: { q: '@example.com' } }).expect(201);
    expect(res.body).toMatchObject({ skipped: 2 }); // bob and dee
    await campaignDone(res.body.campaign.id);
    expect(smtp.to('bob@example.com').filter((m) => m.headers.subject === 'Second news')).toHaveLength(0);
    expect(smtp.to('ann@example.com').filter((m) => m.headers.subject === 'Second news')).toHaveLength(1);

    await http().post('/api/auth/forgot-password').send({ email: 'bob@example.com' }).expect((r) => expect(r.status).toBeLessThan(300));
    await waitFor(async () => smtp.to('bob@example.com').some((m) => /Reset your/.test(m.headers.subject)), 'the reset mail');
    const reset = smtp.to('bob@example.com').find((m) => /Reset your/.test(m.headers.subject))!;
    expect(reset.raw).toMatch(/Content-Type: text\/plain/i);
    expect(reset.raw).toMatch(/Content-Type: text\/html/i);

    await http().post(`/api/mail/subscribe?token=${encodeURIComponent(token)}`).expect(200, { email: 'bob@example.com', subscribed: true });
  });

  it('an SMTP server refusing for a while: retries with back-off, then delivery; refusing for good: failed with the error, and a retry of the failed', async () => {
    smtp.refuse = '451 Try again later';
    const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Refused at first', message: 'Body', userIds: [users['cy@example.com']] }).expect(201);
    await waitFor(async () => (await asAdmin(http().get(`/api/admin/mail/campaigns/${res.body.campaign.id}`))).body.done, 'the attempts to run out');
    const failed = (await asAdmin(http().get(`/api/admin/mail/campaigns/${res.body.campaign.id}`)).expect(200)).body;
    expect(failed.counts).toMatchObject({ failed: 1, sent: 0 });
    expect(failed.failures).toEqual([{ email: 'cy@example.com', error: expect.stringContaining('Try again later'), attempts: 3 }]);

    smtp.refuse = null;
    await asAdmin(http().post(`/api/admin/mail/campaigns/${res.body.campaign.id}/retry`)).expect(200);
    const done = await campaignDone(res.body.campaign.id);
    expect(done.counts).toMatchObject({ failed: 0, sent: 1 });
    expect(smtp.to('cy@example.com').filter((m) => m.headers.subject === 'Refused at first')).toHaveLength(1);

    // Refused twice, then accepted: within MAIL_MAX_ATTEMPTS, so it is delivered without anyone's help.
    smtp.refuse = '451 Busy';
    const again = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Refused twice', message: 'Body', userIds: [users['cy@example.com']] }).expect(201);
    await waitFor(async () => (await outboxAttempts(again.body.campaign.id)) >= 2, 'two refusals');
    smtp.refuse = null;
    const ok = await campaignDone(again.body.campaign.id);
    expect(ok.counts).toMatchObject({ sent: 1, failed: 0 });
  });

  async function outboxAttempts(campaignId: string): Promise<number> {
    const rows = await api.get(UsersService)['users'].manager.query(`SELECT attempts FROM mail_outbox WHERE campaign_id = ?`, [campaignId]);
    return Number(rows[0]?.attempts ?? 0);
  }

  it("the Overview's test e-mails report what really happened", async () => {
    const ok = await asAdmin(http().post('/api/admin/mail/test')).send({ kind: 'email' }).expect(200);
    expect(ok.body).toEqual({ to: 'ops@example.com' });
    expect(smtp.to('ops@example.com').some((m) => /test e-mail/.test(m.headers.subject))).toBe(true);
    await asAdmin(http().post('/api/admin/mail/test')).send({ kind: 'contact' }).expect(200);
    expect(smtp.to('ops@example.com').some((m) => m.headers.subject === '[TECHNICAL SUPPORT] Test contact message')).toBe(true);
    smtp.refuse = '550 Mailbox unavailable';
    const failed = await asAdmin(http().post('/api/admin/mail/test')).send({ kind: 'email' }).expect(503);
    smtp.refuse = null;
    expect(failed.body.message).toMatch(/Mailbox unavailable/);
    await asAdmin(http().post('/api/admin/mail/test')).send({ kind: 'nope' }).expect(400);
  });

  it("contact: the spec's subject and body, the account's e-mail, no header injection, throttled per user", async () => {
    const send = (body: object) => http().post('/api/contact').set('Authorization', `Bearer ${user}`).send(body);
    expect((await send({ name: 'Ann', email: 'ann@example.com', category: 'bug-report', subject: 'x', message: ' ' }).expect(400)).body.message).toBe(CONTACT_TEXTS.required);
    await send({ name: 'Ann', email: 'someone-else@example.com', category: 'bug-report', subject: 'Crash\r\nBcc: evil@example.com', message: 'It crashed.\nTwice.' }).expect(204);
    const mail = await waitFor(async () => smtp.to('support@example.com').find((m) => m.headers.subject.startsWith('[BUG REPORT]')), 'the contact mail');
    expect(mail.headers.subject).toBe('[BUG REPORT] Crash Bcc: evil@example.com');
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.headers['reply-to']).toBe('ann@example.com');
    for (const part of ['Category: Bug Report', 'Name: Ann', 'Email: ann@example.com', 'Message:', 'It crashed.', `User ID: ${users['ann@example.com']}`, 'Time: ']) expect(mail.text).toContain(part);
    for (let i = 0; i < 4; i++) await send({ name: 'Ann', email: 'ann@example.com', category: 'technical-support', subject: `n${i}`, message: 'm' }).expect(204);
    expect((await send({ name: 'Ann', email: 'ann@example.com', category: 'technical-support', subject: 'too many', message: 'm' }).expect(429)).body.message).toMatch(/Please wait/);
    await http().post('/api/contact').send({ name: 'A', email: 'a@example.com', category: 'bug-report', subject: 's', message: 'm' }).expect(401);
  });

  it('the api only records a campaign; its messages are made by the fan-out, a chunk at a time, resumable and never twice', async () => {
    for (let i = 0; i < 25; i++) await createAccount(api, `fan${i}@fanout.example.com`, PASSWORD);
    const fanout = (worker ?? api).get(CampaignFanout);
    const campaigns = api.get(DataSource).getRepository(MailCampaign);
    const outbox = api.get(DataSource).getRepository(OutboxMessage);
    // A campaign row as the api writes it, before its job has run: nothing is in the outbox yet.
    const id = randomUUID();
    await campaigns.insert({ id, subject: 'Fan-out', message: 'Body', createdBy: null, total: 25, skipped: 0, createdDate: new Date(), audience: JSON.stringify({ all: { q: '@fanout.example.com' } }), fanoutAfter: '', fannedOut: false, fanoutAt: new Date() });
    // Two runs at once, 4 recipients per chunk: each chunk is written by one of them only.
    await Promise.all([fanout.run(id, 4), fanout.run(id, 4)]);
    const rows = await outbox.find({ where: { campaignId: id } });
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.to)).size).toBe(25);
    expect(await campaigns.findOneBy({ id })).toMatchObject({ fannedOut: true, total: 25 });
    // Stopped after some chunks (the cursor says where), it resumes after them.
    const resumed = randomUUID();
    const users = await api.get(UsersService).mailRecipients('@fanout.example.com', 50, 0);
    const byId = [...users.users].sort((a, b) => (a.id < b.id ? -1 : 1));
    await campaigns.insert({ id: resumed, subject: 'Fan-out resumed', message: 'Body', createdBy: null, total: 25, skipped: 0, createdDate: new Date(), audience: JSON.stringify({ userIds: byId.map((u) => u.id) }), fanoutAfter: byId[9].id, fannedOut: false, fanoutAt: new Date() });
    await fanout.run(resumed, 4);
    const after = await outbox.find({ where: { campaignId: resumed } });
    expect(after.map((r) => r.to).sort()).toEqual(byId.slice(10).map((u) => u.email).sort());
    await campaignDone(id);
    await campaignDone(resumed);
    for (let i = 0; i < 25; i++) expect(smtp.to(`fan${i}@fanout.example.com`).filter((m) => m.headers.subject === 'Fan-out')).toHaveLength(1);
  });

  if (TIER === 'services') {
    it('Redis losing every queued job mid-campaign (its keys flushed) loses nothing: the reconciler enqueues the rows again', async () => {
      for (let i = 0; i < 60; i++) await createAccount(api, `bulk${i}@flush.example.com`, PASSWORD);
      const queue = worker!.get<Queue>(getQueueToken('mail'));
      await queue.pause(true); // hold the worker so the flush hits jobs that wait
      const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Flushed', message: 'Body', all: { q: '@flush.example.com' } }).expect(201);
      expect(res.body.queued).toBe(60);
      await worker!.get(CampaignFanout).run(res.body.campaign.id); // the held fan-out job's work: 60 rows and their jobs
      await flushQueue();
      await queue.resume(true);
      expect(await worker!.get(OutboxReconciler).reconcile(0)).toBe(60);
      const done = await campaignDone(res.body.campaign.id);
      expect(done.counts).toMatchObject({ sent: 60, failed: 0 });
      for (let i = 0; i < 60; i++) expect(smtp.to(`bulk${i}@flush.example.com`).filter((m) => m.headers.subject === 'Flushed')).toHaveLength(1);
    });

    it('the fan-out keeps CHUNKS_AHEAD chunks ahead of sending: with sending held, no more rows are made', async () => {
      for (let i = 0; i < 30; i++) await createAccount(api, `ahead${i}@ahead.example.com`, PASSWORD);
      const queue = worker!.get<Queue>(getQueueToken('mail'));
      const outbox = api.get(DataSource).getRepository(OutboxMessage);
      const id = randomUUID();
      await api.get(DataSource).getRepository(MailCampaign).insert({ id, subject: 'Ahead', message: 'Body', createdBy: null, total: 30, skipped: 0, createdDate: new Date(), audience: JSON.stringify({ all: { q: '@ahead.example.com' } }), fanoutAfter: '', fannedOut: false, fanoutAt: new Date() });
      await queue.pause(true);
      const run = worker!.get(CampaignFanout).run(id, 1);
      await waitFor(async () => ((await outbox.countBy({ campaignId: id })) === CHUNKS_AHEAD ? true : undefined), 'CHUNKS_AHEAD chunks');
      await new Promise((r) => setTimeout(r, 1000));
      expect(await outbox.countBy({ campaignId: id })).toBe(CHUNKS_AHEAD);
      await queue.resume(true);
      await run;
      const done = await campaignDone(id);
      expect(done).toMatchObject({ total: 30, counts: { sent: 30, failed: 0 } });
      for (let i = 0; i < 30; i++) expect(smtp.to(`ahead${i}@ahead.example.com`)).toHaveLength(1);
    });

    it('a fan-out job lost with Redis is asked for again by the reconciler, and each recipient gets one message', async () => {
      for (let i = 0; i < 30; i++) await createAccount(api, `lost${i}@lostfan.example.com`, PASSWORD);
      const queue = worker!.get<Queue>(getQueueToken('mail'));
      await queue.pause(true);
      const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Lost fan-out', message: 'Body', all: { q: '@lostfan.example.com' } }).expect(201);
      expect(res.body).toMatchObject({ queued: 30, campaign: { done: false } });
      await flushQueue();
      await queue.resume(true);
      expect(await worker!.get(OutboxReconciler).restartFanouts(0)).toBeGreaterThanOrEqual(1);
      const done = await campaignDone(res.body.campaign.id);
      expect(done).toMatchObject({ total: 30, counts: { sent: 30, failed: 0 } });
      for (let i = 0; i < 30; i++) expect(smtp.to(`lost${i}@lostfan.example.com`).filter((m) => m.headers.subject === 'Lost fan-out')).toHaveLength(1);
    });
  }
});
