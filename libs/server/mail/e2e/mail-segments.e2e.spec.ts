// tiers: sqlite, services
import { randomBytes, randomUUID } from 'crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EMAIL_CENTER_TEXTS, MAIL_SEGMENT_TEXTS, type MailAudienceCount, type MailSegmentChoice, SAVED_SEARCH_TEXTS } from '@solvr/contracts';
import { CampaignFanout, MailCampaign, OutboxMessage } from '@solvr/server-mail';
import { UsersService } from '@solvr/server-users';
import {
  type ApiApp,
  createAccount,
  createApi,
  createTestEnv,
  createWorker,
  multipart,
  purchaseByWebhook,
  signIn,
  type SmtpSink,
  startSmtpSink,
  STRIPE_TEST_KEYS,
  TestEnv,
  TIER,
  waitFor,
} from '@solvr/server-testing';

const PASSWORD = 'Segment-test-pass-1';

/**
 * The Email Center's segments: counted with their exclusions, and each campaign reaching exactly its users through
 * the fan-out (the real worker in the services tier, which loads the files feature's segment sources too).
 *
 *   boss@seg.test        admin, confirmed          u1@a.seg.test  confirmed, bought the kit twice
 *   ada@a.seg.test       admin, opted out          u2@a.seg.test  confirmed, bought the kit
 *   u3@b.seg.test        confirmed, waits for Linux   u4@b.seg.test  confirmed, waits for Linux
 *   u5@a.seg.test        opted out, bought the kit, waits for Linux
 *   x1@a.seg.test        unconfirmed, bought the kit       (and a purchase by an account that no longer exists)
 *   and the api's seeded first admin, admin@solvr.local, a confirmed admin.
 */
describe(`Email Center segments (${TIER})`, () => {
  let t: TestEnv;
  let api: ApiApp;
  let worker: ApiApp | undefined;
  let smtp: SmtpSink;
  let admin: string;
  let userToken: string;
  let kit = '';
  let saved = '';
  const ids: Record<string, string> = {};
  const http = () => request(api.getHttpServer());
  const asAdmin = (r: request.Test) => r.set('Authorization', `Bearer ${admin}`);
  const count = async (body: object): Promise<MailAudienceCount> => (await asAdmin(http().post('/api/admin/mail/audience')).send(body).expect(200)).body;
  const campaignDone = (id: string) =>
    waitFor(async () => {
      const res = await asAdmin(http().get(`/api/admin/mail/campaigns/${id}`)).expect(200);
      return res.body.done ? res.body : undefined;
    }, 'the campaign to finish');
  /** Who got the mail with this subject, sorted. */
  const receivers = (subject: string) => [...new Set(smtp.mails.filter((m) => m.headers.subject === subject).flatMap((m) => m.to))].sort();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestEnv();
    const settings = { ...STRIPE_TEST_KEYS, SMTP_URL: smtp.url, MAIL_BACKOFF_MS: '50', MAIL_MAX_ATTEMPTS: '3' };
    api = await createApi(t.config(settings));
    await api.init();
    if (TIER === 'services') {
      worker = await createWorker(t.config(settings));
      await worker.init();
    }
    const users = api.get(UsersService);
    await createAccount(api, 'boss@seg.test', PASSWORD, 'admin');
    await createAccount(api, 'ada@a.seg.test', PASSWORD, 'admin');
    for (const email of ['u1@a.seg.test', 'u2@a.seg.test', 'u3@b.seg.test', 'u4@b.seg.test', 'u5@a.seg.test']) await createAccount(api, email, PASSWORD);
    await users.register('x1@a.seg.test', 'not-a-real-hash');
    for (const email of ['boss@seg.test', 'ada@a.seg.test', 'u1@a.seg.test', 'u2@a.seg.test', 'u3@b.seg.test', 'u4@b.seg.test', 'u5@a.seg.test', 'x1@a.seg.test']) {
      ids[email] = (await users.findByEmail(email))!.id;
    }
    await users.setBulkMailOptOut(ids['ada@a.seg.test'], true);
    await users.setBulkMailOptOut(ids['u5@a.seg.test'], true);
    admin = (await signIn(api, 'boss@seg.test', PASSWORD)).token;
    userToken = (await signIn(api, 'u1@a.seg.test', PASSWORD)).token;

    const { body, contentType } = multipart(
      [
        ['name', 'Seg Kit'],
        ['is_paid', 'true'],
        ['price', '5'],
      ],
      [{ filename: 'seg-kit.zip', content: randomBytes(512) }],
    );
    kit = (await asAdmin(http().post('/api/admin/files').set('Content-Type', contentType)).send(body).expect(201)).body.id;
    for (const buyer of ['u1@a.seg.test', 'u1@a.seg.test', 'u2@a.seg.test', 'u5@a.seg.test', 'x1@a.seg.test']) await purchaseByWebhook(api.getHttpServer(), ids[buyer], kit, 500);
    await purchaseByWebhook(api.getHttpServer(), randomUUID(), kit, 500);
    for (const waiting of ['u3@b.seg.test', 'u4@b.seg.test', 'u5@a.seg.test']) {
      const token = (await signIn(api, waiting, PASSWORD)).token;
      await http().post('/api/releases/notify').set('Authorization', `Bearer ${token}`).send({ platform: 'linux' }).expect(204);
    }
    saved = (await asAdmin(http().post('/api/admin/saved-searches')).send({ name: 'Team A', q: 'a.seg.test' }).expect(201)).body.id;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  it('lists the segments with their options: the paid files, the platforms, the saved searches', async () => {
    const choices = (await asAdmin(http().get('/api/admin/mail/segments')).expect(200)).body as MailSegmentChoice[];
    expect(choices.map((c) => c.kind)).toEqual(['confirmed', 'admins', 'buyers', 'waiting', 'saved']);
    expect(choices.find((c) => c.kind === 'buyers')?.options).toEqual([{ value: kit, label: 'Seg Kit' }]);
    expect(choices.find((c) => c.kind === 'waiting')?.options?.map((o) => o.value)).toEqual(['windows', 'macos', 'linux']);
    expect(choices.find((c) => c.kind === 'saved')?.options).toEqual([{ value: saved, label: SAVED_SEARCH_TEXTS.label('Team A', 'a.seg.test') }]);
    expect(choices.find((c) => c.kind === 'confirmed')?.options).toBeNull();
  });

  it('counts who receives it and who is excluded and why, for every kind of audience', async () => {
    const excluded = (opted_out: number, unconfirmed: number, not_found = 0) => ({ opted_out, unconfirmed, not_found });
    // The api's seeded first admin (admin@solvr.local) is a confirmed admin too.
    expect(await count({ segment: { kind: 'confirmed' } })).toEqual({ recipients: 6, excluded: excluded(2, 1) });
    expect(await count({ segment: { kind: 'admins' } })).toEqual({ recipients: 2, excluded: excluded(1, 0) });
    expect(await count({ segment: { kind: 'buyers', option: kit } })).toEqual({ recipients: 2, excluded: excluded(1, 1, 1) });
    expect(await count({ segment: { kind: 'waiting', option: 'linux' } })).toEqual({ recipients: 2, excluded: excluded(1, 0) });
    expect(await count({ segment: { kind: 'waiting', option: 'macos' } })).toEqual({ recipients: 0, excluded: excluded(0, 0) });
    expect(await count({ segment: { kind: 'saved', option: saved } })).toEqual({ recipients: 2, excluded: excluded(2, 1) });
    // The picked users and a search, as before.
    expect(await count({ userIds: [ids['u1@a.seg.test'], ids['u5@a.seg.test'], ids['x1@a.seg.test'], randomUUID()] })).toEqual({ recipients: 1, excluded: excluded(1, 1, 1) });
    expect(await count({ all: { q: 'b.seg.test' } })).toEqual({ recipients: 2, excluded: excluded(0, 0) });
  });

  it('each segment\'s campaign reaches exactly its confirmed, subscribed users through the fan-out', async () => {
    const cases: Array<[object, string[]]> = [
      [{ kind: 'confirmed' }, ['admin@solvr.local', 'boss@seg.test', 'u1@a.seg.test', 'u2@a.seg.test', 'u3@b.seg.test', 'u4@b.seg.test']],
      [{ kind: 'admins' }, ['admin@solvr.local', 'boss@seg.test']],
      [{ kind: 'buyers', option: kit }, ['u1@a.seg.test', 'u2@a.seg.test']],
      [{ kind: 'waiting', option: 'linux' }, ['u3@b.seg.test', 'u4@b.seg.test']],
      [{ kind: 'saved', option: saved }, ['u1@a.seg.test', 'u2@a.seg.test']],
    ];
    for (const [segment, expected] of cases) {
      const subject = `Segment ${Object.values(segment).join(' ')}`;
      const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject, message: 'Hello **there**', segment }).expect(201);
      expect(res.body.queued).toBe(expected.length);
      const done = await campaignDone(res.body.campaign.id);
      expect(done).toMatchObject({ total: expected.length, counts: { sent: expected.length, failed: 0 } });
      expect(receivers(subject)).toEqual(expected);
      // The audience is stored as the worker reads it: the saved search's text frozen, the source named.
      const row = await api.get(DataSource).getRepository(MailCampaign).findOneByOrFail({ id: res.body.campaign.id });
      expect(row.format).toBe('markdown');
      if ((segment as { kind: string }).kind === 'saved') expect(JSON.parse(row.audience!)).toEqual({ saved: { id: saved, name: 'Team A', q: 'a.seg.test' } });
      if ((segment as { kind: string }).kind === 'buyers') expect(JSON.parse(row.audience!)).toEqual({ source: { kind: 'buyers', option: kit, label: 'Seg Kit' } });
    }
    const mail = smtp.mails.find((m) => m.headers.subject === 'Segment admins')!;
    expect(mail.text).toContain('Hello <strong>there</strong>');
    expect(mail.text).toContain('Hello there');
    expect(mail.text).toMatch(/Unsubscribe\?token=/);
  });

  it('a segment walked a few users at a time resumes after the last chunk it wrote', async () => {
    const fanout = (worker ?? api).get(CampaignFanout);
    const campaigns = api.get(DataSource).getRepository(MailCampaign);
    const outbox = api.get(DataSource).getRepository(OutboxMessage);
    const buyers = [ids['u1@a.seg.test'], ids['u2@a.seg.test']].sort();
    const id = randomUUID();
    await campaigns.insert({
      id,
      subject: 'Buyers resumed',
      message: 'Body',
      format: 'markdown',
      createdBy: null,
      total: 1,
      skipped: 0,
      createdDate: new Date(),
      audience: JSON.stringify({ source: { kind: 'buyers', option: kit, label: 'Seg Kit' } }),
      fanoutAfter: buyers[0],
      fannedOut: false,
      fanoutAt: new Date(),
    });
    await fanout.run(id, 1);
    const rows = await outbox.find({ where: { campaignId: id } });
    const second = buyers[1] === ids['u1@a.seg.test'] ? 'u1@a.seg.test' : 'u2@a.seg.test';
    expect(rows.map((r) => r.to)).toEqual([second]);
    await campaignDone(id);
  });

  it('a campaign from before Markdown still renders as the plain paragraphs it was written as', async () => {
    const fanout = (worker ?? api).get(CampaignFanout);
    const id = randomUUID();
    await api
      .get(DataSource)
      .getRepository(MailCampaign)
      .insert({ id, subject: 'Old style', message: 'Hi *there*', createdBy: null, total: 1, skipped: 0, createdDate: new Date(), audience: JSON.stringify({ userIds: [ids['u3@b.seg.test']] }), fanoutAfter: '', fannedOut: false, fanoutAt: new Date() });
    await fanout.run(id);
    await campaignDone(id);
    const mail = smtp.mails.find((m) => m.headers.subject === 'Old style')!;
    expect(mail.text).toContain('Hi *there*');
    expect(mail.text).not.toContain('<em>');
  });

  it('"Send a test to me" sends the composed mail, as sent, to the signed-in admin only', async () => {
    const before = smtp.mails.length;
    const res = await asAdmin(http().post('/api/admin/mail/campaigns/test')).send({ subject: 'Test of the launch', message: 'See [the notes](https://example.com/notes)\n\n- one\n- two' }).expect(200);
    expect(res.body).toEqual({ to: 'boss@seg.test' });
    const sent = smtp.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toEqual(['boss@seg.test']);
    expect(sent[0].headers.subject).toBe('Test of the launch');
    expect(sent[0].headers['list-unsubscribe']).toContain('/api/mail/unsubscribe?token=');
    expect(sent[0].text).toContain('<a href="https://example.com/notes"');
    expect(sent[0].text).toContain('See the notes (https://example.com/notes)');
    expect(sent[0].text).toMatch(/- one\r?\n- two/);
    expect(sent[0].text).toMatch(/Unsubscribe\?token=/);
    expect((await asAdmin(http().post('/api/admin/mail/campaigns/test')).send({ subject: '', message: 'x' }).expect(400)).body.message).toBe(EMAIL_CENTER_TEXTS.required);
  });

  it('the preview shows the mail as sent, with placeholders before anything is typed, and its plain-text part', async () => {
    const empty = (await asAdmin(http().post('/api/admin/mail/preview')).send({ subject: '', message: '' }).expect(200)).body;
    expect(empty.subject).toBe(EMAIL_CENTER_TEXTS.previewNoSubject);
    expect(empty.html).toContain(EMAIL_CENTER_TEXTS.previewPlaceholder);
    expect(empty.html).toContain('>Unsubscribe</a>');
    const typed = (await asAdmin(http().post('/api/admin/mail/preview')).send({ subject: 'N', message: '# Big news\n\n**Bold** move' }).expect(200)).body;
    expect(typed.html).toContain('<h1>Big news</h1>');
    expect(typed.text).toContain('Big news\n\nBold move');
  });

  it('refuses bad segments with a clear 400, and anyone but an admin', async () => {
    const refuse = async (body: object) => (await asAdmin(http().post('/api/admin/mail/audience')).send(body).expect(400)).body.message;
    expect(await refuse({ segment: { kind: 'everyone-ever' } })).toBe(MAIL_SEGMENT_TEXTS.unknownKind);
    expect(await refuse({ segment: { kind: 'buyers' } })).toBe(MAIL_SEGMENT_TEXTS.optionMissing('buyers'));
    expect(await refuse({ segment: { kind: 'buyers', option: randomUUID() } })).toBe(MAIL_SEGMENT_TEXTS.optionNotFound('buyers'));
    expect(await refuse({ segment: { kind: 'waiting', option: 'amiga' } })).toBe(MAIL_SEGMENT_TEXTS.optionNotFound('waiting'));
    expect(await refuse({ segment: { kind: 'saved', option: randomUUID() } })).toBe(MAIL_SEGMENT_TEXTS.optionNotFound('saved'));
    expect(await refuse({ segment: { kind: 'admins' }, userIds: [ids['u1@a.seg.test']] })).toBe(MAIL_SEGMENT_TEXTS.oneAudience);
    expect(await refuse({ segment: 'admins' })).toBe('segment must be an object.');
    expect(await refuse({ segment: { kind: 7 } })).toBe('segment.kind and segment.option must be text.');
    const campaign = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'x', message: 'y', segment: { kind: 'waiting', option: 'macos' } }).expect(400);
    expect(campaign.body.message).toBe(EMAIL_CENTER_TEXTS.noRecipients);
    expect((await asAdmin(http().post('/api/admin/saved-searches')).send({ name: ' ', q: 'x' }).expect(400)).body.message).toBe(SAVED_SEARCH_TEXTS.nameRequired);
    await asAdmin(http().delete(`/api/admin/saved-searches/${randomUUID()}`)).expect(404);

    const asUser = (r: request.Test) => r.set('Authorization', `Bearer ${userToken}`);
    await asUser(http().get('/api/admin/mail/segments')).expect(403);
    await asUser(http().post('/api/admin/mail/audience')).send({ segment: { kind: 'admins' } }).expect(403);
    await asUser(http().post('/api/admin/mail/campaigns/test')).send({ subject: 'x', message: 'y' }).expect(403);
    await asUser(http().get('/api/admin/saved-searches')).expect(403);
    await asUser(http().post('/api/admin/saved-searches')).send({ name: 'Mine', q: '' }).expect(403);
    await http().post('/api/admin/mail/audience').send({ segment: { kind: 'admins' } }).expect(401);
  });

  it('a saved search deleted after a campaign was sent leaves that campaign as it was', async () => {
    const temp = (await asAdmin(http().post('/api/admin/saved-searches')).send({ name: 'Team B', q: 'b.seg.test' }).expect(201)).body.id;
    const list = (await asAdmin(http().get('/api/admin/saved-searches')).expect(200)).body as Array<{ id: string; name: string }>;
    expect(list.map((s) => s.name)).toEqual(['Team A', 'Team B']);
    const res = await asAdmin(http().post('/api/admin/mail/campaigns')).send({ subject: 'Team B news', message: 'Hi', segment: { kind: 'saved', option: temp } }).expect(201);
    await asAdmin(http().delete(`/api/admin/saved-searches/${temp}`)).expect(204);
    await campaignDone(res.body.campaign.id);
    expect(receivers('Team B news')).toEqual(['u3@b.seg.test', 'u4@b.seg.test']);
  });
});
