// tiers: sqlite, services
import { randomBytes } from 'crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, NEWS_TEXTS, PLATFORM_FILTER_MAX_VALUES, PLATFORM_TEXTS, PROFILE_CHANGED_MAIL, PROFILE_MESSAGES, type AdminFileView, type NewsView } from '@solvr/contracts';
import { type ApiApp, createApi, lastMail, mailSubjects, profilePayload, signIn, createAccount, multipart, portOf, rawRequest, withTamperedSignature, runSdk, type SdkClient, type SdkError, type SdkOutcome, type SdkStep, purchaseByWebhook, STRIPE_TEST_KEYS, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'platform-pass-1';
const SERVICE_TOKEN = 'svc_platform_e2e_0123456789abcdefghijklmnop';
const APP_ORIGIN = 'https://app.platform.test';
const PUBLIC_URL = 'https://portal.platform.test';
const SUPPORT = 'support@platform.test';
type Who = 'admin' | 'ada' | 'bob';
const EMAILS: Record<Who, string> = { admin: 'admin@platform.test', ada: 'ada@platform.test', bob: 'bob@platform.test' };

const profileOf = profilePayload;

/** The value of a step that succeeded (the test fails with the SDK's error otherwise). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function ok(outcome: SdkOutcome): any {
  if (!outcome.ok) throw new Error(`expected success, the SDK threw ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}

/** The SDK's error of a step that was refused. */
function refused(outcome: SdkOutcome): SdkError {
  if (outcome.ok) throw new Error(`expected a refusal, the SDK answered ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

describe(`platform API through the real @base44/sdk (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let serverUrl: string;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const news = {} as Record<'launch' | 'featured' | 'draft' | 'spaced', NewsView>;
  const files = {} as Record<'free' | 'forBob' | 'paid' | 'bought' | 'inactive', AdminFileView>;
  const api = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);

  /** Steps on one SDK client: anonymous, as a signed-in caller, or with the service token. */
  const sdk = (who: Who | 'anonymous' | Partial<SdkClient>, steps: SdkStep[]) => {
    const client: SdkClient = { serverUrl, appId: 'portal' };
    if (typeof who === 'string' && who !== 'anonymous') client.token = tokens[who];
    if (typeof who === 'object') Object.assign(client, who);
    return runSdk(client, steps);
  };
  const call = async (who: Who | 'anonymous' | Partial<SdkClient>, path: string, ...args: unknown[]) => (await sdk(who, [{ call: path, args }]))[0];

  async function upload(fields: Record<string, string>): Promise<AdminFileView> {
    const { body, contentType } = multipart(Object.entries(fields), [{ filename: `${fields.name}.zip`, content: randomBytes(512) }]);
    const res = await api().post('/api/admin/files').set('Authorization', `Bearer ${tokens.admin}`).set('Content-Type', contentType).send(body);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function post(title: string, extra: Record<string, unknown> = {}): Promise<NewsView> {
    const res = await api().post('/api/admin/news').set('Authorization', `Bearer ${tokens.admin}`).send({ title, content: `<p>${title} body</p>`, ...extra }).expect(201);
    return res.body;
  }

  /** A paid purchase, recorded as the payment flow records it: by Stripe's signed webhook. */
  const buy = async (userId: string, fileId: string): Promise<void> => void (await purchaseByWebhook(app.getHttpServer(), userId, fileId));

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(
      t.config({
        ...STRIPE_TEST_KEYS,
        PUBLIC_URL,
        CONTACT_TO: SUPPORT,
        THROTTLE_PER_IP: '1000',
        THROTTLE_PER_ACCOUNT: '100',
        PLATFORM_SERVICE_TOKEN: SERVICE_TOKEN,
        PLATFORM_CORS_ORIGINS: APP_ORIGIN,
      }),
    );
    await app.listen(0, '127.0.0.1');
    serverUrl = `http://127.0.0.1:${portOf(app)}`;
    for (const who of Object.keys(EMAILS) as Who[]) {
      await createAccount(app, EMAILS[who], PASSWORD, who === 'admin' ? 'admin' : 'user');
      const session = await signIn(app, EMAILS[who], PASSWORD);
      tokens[who] = session.token;
      ids[who] = session.user.id as string;
    }
    await api().put('/api/users/me/profile').set('Authorization', `Bearer ${tokens.ada}`).send(profileOf(ids.ada)).expect(200);
    news.launch = await post('Launch day');
    news.draft = await post('Secret draft', { is_published: false });
    news.featured = await post('Featured story', { is_featured: true });
    news.spaced = await post('C++ tips and more');
    files.free = await upload({ name: 'Free Notes' });
    files.forBob = await upload({ name: 'For Bob', access_type: 'specific_users', allowed_users: JSON.stringify([EMAILS.bob]) });
    files.paid = await upload({ name: 'Paid Kit', is_paid: 'true', price: '19.99' });
    files.bought = await upload({ name: 'Bought Kit', is_paid: 'true', price: '9.99' });
    files.inactive = await upload({ name: 'Old Build' });
    await api().patch(`/api/admin/files/${files.inactive.id}`).set('Authorization', `Bearer ${tokens.admin}`).send({ is_active: false }).expect(200);
    await buy(ids.ada, files.bought.id);
    await buy(ids.bob, files.paid.id);
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  describe('anonymous', () => {
    it('lists only what the public may see: published news, no files, no users, no purchases', async () => {
      const [list, filtered, draft, fileList, users, purchases] = await sdk('anonymous', [
        { call: 'entities.News.list', args: ['-created_date'] },
        { call: 'entities.News.filter', args: [{ is_published: false }] },
        { call: 'entities.News.get', args: [news.draft.id] },
        { call: 'entities.File.list' },
        { call: 'entities.User.list' },
        { call: 'entities.Purchase.list' },
      ]);
      const titles = ok(list).map((n: NewsView) => n.title);
      expect(titles).toEqual(['C++ tips and more', 'Featured story', 'Launch day', ...titles.slice(3)]);
      expect(titles).not.toContain('Secret draft');
      expect(ok(filtered)).toEqual([]);
      expect(refused(draft)).toMatchObject({ status: 404, code: 'not_found', message: PLATFORM_TEXTS.recordNotFound('News') });
      expect(ok(fileList)).toEqual([]);
      expect(ok(users)).toEqual([]);
      expect(ok(purchases)).toEqual([]);
    });

    it('records carry id, created_date, updated_date and created_by; fields picks (list or comma string)', async () => {
      const [all, picked, comma] = await sdk('anonymous', [
        { call: 'entities.News.filter', args: [{ id: news.launch.id }] },
        { call: 'entities.News.list', args: ['-created_date', 2, 0, ['title', 'is_featured']] },
        { call: 'entities.News.list', args: ['-created_date', 1, 1, 'title,created_date'] },
      ]);
      expect(ok(all)).toEqual([
        expect.objectContaining({
          id: news.launch.id,
          title: 'Launch day',
          created_by: ids.admin,
          created_date: news.launch.created_date,
          updated_date: news.launch.updated_date,
          is_published: true,
        }),
      ]);
      expect(ok(picked)).toEqual([
        { id: news.spaced.id, title: 'C++ tips and more', is_featured: false },
        { id: news.featured.id, title: 'Featured story', is_featured: true },
      ]);
      expect(ok(comma)).toEqual([{ id: news.featured.id, title: 'Featured story', created_date: news.featured.created_date }]);
    });

    it('is asked to sign in for writes, the current user, integrations and functions', async () => {
      const [create, me, mail, fn] = await sdk('anonymous', [
        { call: 'entities.News.create', args: [{ title: 'x', content: 'y' }] },
        { call: 'auth.me' },
        { call: 'integrations.Core.SendEmail', args: [{ to: SUPPORT, subject: 's', body: 'b' }] },
        { call: 'functions.invoke', args: ['checkProfileComplete', { email: EMAILS.ada }] },
      ]);
      for (const outcome of [create, me, mail]) expect(refused(outcome)).toMatchObject({ status: 401, code: 'unauthorized', message: PLATFORM_TEXTS.signInRequired });
      expect(refused(fn)).toMatchObject({ status: 401, data: { message: PLATFORM_TEXTS.signInRequired, code: 'unauthorized' } });
    });

    it('answers 404 for another app id and an unknown entity', async () => {
      expect(refused(await call({ appId: 'someone-else' }, 'entities.News.list'))).toMatchObject({ status: 404, code: 'app_not_found', message: PLATFORM_TEXTS.unknownApp('someone-else') });
      expect(refused(await call('anonymous', 'entities.Order.list'))).toMatchObject({ status: 404, code: 'entity_not_found', message: PLATFORM_TEXTS.unknownEntity('Order') });
    });
  });

  describe('filters', () => {
    it('filters with operators, $and / $or, arrays as $in, sort and paging', async () => {
      const [inList, or, range, ne, exists, page, asc] = await sdk('ada', [
        { call: 'entities.News.filter', args: [{ title: ['Launch day', 'Featured story', 'Secret draft'] }, 'title'] },
        { call: 'entities.News.filter', args: [{ $or: [{ is_featured: true, created_by: ids.admin }, { title: { $eq: 'C++ tips and more' } }] }, '-created_date'] },
        { call: 'entities.News.filter', args: [{ $and: [{ created_date: { $gte: news.draft.created_date } }, { created_date: { $lte: news.spaced.created_date } }] }, 'created_date'] },
        { call: 'entities.News.filter', args: [{ title: { $ne: 'Launch day', $nin: ['Featured story'] }, is_featured: { $ne: true } }, '-created_date'] },
        { call: 'entities.News.filter', args: [{ created_by: { $exists: true }, excerpt: { $exists: true } }] },
        { call: 'entities.News.list', args: ['-created_date', 1, 1] },
        { call: 'entities.News.list', args: ['+title', 2] },
      ]);
      expect(ok(inList).map((n: NewsView) => n.title)).toEqual(['Featured story', 'Launch day']);
      expect(ok(or).map((n: NewsView) => n.title)).toEqual(['C++ tips and more', 'Featured story']);
      expect(ok(range).map((n: NewsView) => n.title)).toEqual(['Featured story', 'C++ tips and more']);
      expect(ok(ne).map((n: NewsView) => n.title)).toContain('C++ tips and more');
      expect(ok(ne).map((n: NewsView) => n.title)).not.toEqual(expect.arrayContaining(['Launch day']));
      expect(ok(exists).length).toBeGreaterThanOrEqual(3);
      expect(ok(page).map((n: NewsView) => n.id)).toEqual([news.featured.id]);
      expect(ok(asc).map((n: NewsView) => n.title)).toEqual(['C++ tips and more', 'Featured story']);
    });

    it('refuses unsupported operators, unknown fields and bad values with 400, and treats injection as a value', async () => {
      const [regex, where, unknown, wrongType, injection, badSort] = await sdk('ada', [
        { call: 'entities.News.filter', args: [{ title: { $regex: '^P' } }] },
        { call: 'entities.News.filter', args: [{ $where: 'sleep(5)' }] },
        { call: 'entities.User.filter', args: [{ password_hash: { $exists: true } }] },
        { call: 'entities.News.filter', args: [{ is_published: 'yes' }] },
        { call: 'entities.News.filter', args: [{ title: "x' OR '1'='1" }] },
        { call: 'entities.News.list', args: ['-password_hash'] },
      ]);
      expect(refused(regex)).toMatchObject({ status: 400, code: 'unsupported_operator', message: PLATFORM_TEXTS.unsupportedOperator('$regex') });
      expect(refused(where)).toMatchObject({ status: 400, code: 'unsupported_operator', message: PLATFORM_TEXTS.unsupportedOperator('$where') });
      expect(refused(unknown)).toMatchObject({ status: 400, code: 'unknown_field', message: PLATFORM_TEXTS.unknownField('User', 'password_hash') });
      expect(refused(wrongType)).toMatchObject({ status: 400, code: 'bad_value' });
      expect(ok(injection)).toEqual([]);
      expect(refused(badSort)).toMatchObject({ status: 400, code: 'unknown_field' });
    });

    it("reads the query string form-encoded, as the SDK sends it ('+' is a space, %2B a plus)", async () => {
      expect(ok(await call('anonymous', 'entities.News.filter', { title: 'C++ tips and more' })).map((n: NewsView) => n.id)).toEqual([news.spaced.id]);
      const raw = await api().get('/api/apps/portal/entities/News?q=%7B%22title%22%3A%22Launch+day%22%7D&sort=+title').expect(200);
      expect(raw.body.map((n: NewsView) => n.id)).toEqual([news.launch.id]);
      const bad = await api().get('/api/apps/portal/entities/News?q={"title":{"$regex":"x"}}').expect(400);
      expect(bad.body).toEqual({ message: PLATFORM_TEXTS.unsupportedOperator('$regex'), code: 'unsupported_operator', statusCode: 400, error: 'Bad Request' });
      await api().get('/api/apps/portal/entities/News?limit=0').expect(400);
      await api().get('/api/apps/portal/entities/News?skip=-1').expect(400);
    });
  });

  describe('a signed-in user', () => {
    it('logs in with the SDK; the token works on every route; auth.me and updateMe act on its own record', async () => {
      const [login, me, updated, counter, role, email, after] = await sdk({}, [
        { call: 'auth.loginViaEmailPassword', args: [EMAILS.ada, PASSWORD] },
        { call: 'auth.me' },
        { call: 'auth.updateMe', args: [{ company: 'Analytical Engines', job_title: 'Programmer', id: 'ignored', created_date: 'ignored' }] },
        { call: 'auth.updateMe', args: [{ download_count: 99 }] },
        { call: 'auth.updateMe', args: [{ role: 'admin' }] },
        { call: 'auth.updateMe', args: [{ email: 'other@platform.test' }] },
        { call: 'auth.me' },
      ]);
      const { access_token, user } = ok(login);
      expect(user).toMatchObject({ id: ids.ada, email: EMAILS.ada, role: 'user', full_name: 'Ada Lovelace', profile_completed: true, created_by: ids.ada });
      expect(ok(me)).toMatchObject({ id: ids.ada, email: EMAILS.ada, company: 'Engines Ltd', created_date: expect.any(String), updated_date: expect.any(String) });
      expect(ok(updated)).toMatchObject({ id: ids.ada, company: 'Analytical Engines', job_title: 'Programmer', city: 'San Francisco' });
      expect(refused(counter)).toMatchObject({ status: 400, code: 'read_only_field', message: PLATFORM_TEXTS.readOnlyField('User', 'download_count') });
      expect(refused(role)).toMatchObject({ status: 403, message: PLATFORM_TEXTS.ownRoleOnly });
      expect(refused(email)).toMatchObject({ status: 400, code: 'read_only_field' });
      expect(ok(after)).toMatchObject({ role: 'user', email: EMAILS.ada, download_count: 0 });
      // The platform's token is the site's access token.
      expect((await api().get('/api/users/me').set('Authorization', `Bearer ${access_token}`).expect(200)).body.email).toBe(EMAILS.ada);
      // And the site's token works with the SDK.
      expect(ok(await call({ token: tokens.ada }, 'auth.me')).email).toBe(EMAILS.ada);
    });

    it('updateMe runs the profile rules of spec section 5', async () => {
      const res = refused(await call('ada', 'auth.updateMe', { postal_code: '1' }));
      expect(res).toMatchObject({ status: 400, message: PROFILE_MESSAGES.invalidForm, data: { errors: { postal_code: PROFILE_MESSAGES.postalLength } } });
    });

    it('refuses a wrong password with 401, and sends no token', async () => {
      const [login, me] = await sdk({}, [
        { call: 'auth.loginViaEmailPassword', args: [EMAILS.ada, 'wrong-password'] },
        { call: 'auth.me' },
      ]);
      expect(refused(login)).toMatchObject({ status: 401, code: 'unauthorized', message: 'Invalid email or password' });
      expect(refused(me).status).toBe(401);
      const incomplete = await api().post('/api/apps/portal/auth/login').send({ email: EMAILS.ada }).expect(400);
      expect(incomplete.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('password') });
    });

    it('never reads another user’s record (404), and lists only its own', async () => {
      const [list, other, update, get] = await sdk('ada', [
        { call: 'entities.User.list' },
        { call: 'entities.User.get', args: [ids.bob] },
        { call: 'entities.User.update', args: [ids.bob, { company: 'Evil' }] },
        { call: 'entities.User.filter', args: [{ email: EMAILS.bob }] },
      ]);
      expect(ok(list).map((u: { id: string }) => u.id)).toEqual([ids.ada]);
      expect(refused(other)).toMatchObject({ status: 404, message: PLATFORM_TEXTS.recordNotFound('User') });
      expect(refused(update)).toMatchObject({ status: 404 });
      expect(ok(get)).toEqual([]);
    });

    it('sees files by spec section 6: not another user’s, not inactive; paid ones listed with file_url only when available', async () => {
      const [list, forBob, inactive, bobsList] = await sdk('ada', [
        { call: 'entities.File.filter', args: [{}, 'name'] },
        { call: 'entities.File.get', args: [files.forBob.id] },
        { call: 'entities.File.get', args: [files.inactive.id] },
        { call: 'entities.File.filter', args: [{ name: 'For Bob' }] },
      ]);
      const byName = Object.fromEntries(ok(list).map((f: Record<string, unknown>) => [f.name, f]));
      expect(Object.keys(byName)).toEqual(['Bought Kit', 'Free Notes', 'Paid Kit']);
      expect(byName['Free Notes']).toMatchObject({ availability: 'download', file_url: expect.stringContaining(`${PUBLIC_URL}/api/apps/portal/files/${files.free.id}/download?`) });
      expect(byName['Bought Kit']).toMatchObject({ availability: 'download', file_url: expect.any(String), price: 999 });
      expect(byName['Paid Kit']).toMatchObject({ availability: 'buy', file_url: null, price: 1999 });
      expect(byName['Free Notes'].allowed_users).toBeUndefined();
      expect(refused(forBob)).toMatchObject({ status: 404 });
      expect(refused(inactive)).toMatchObject({ status: 404 });
      expect(ok(bobsList)).toEqual([]);
      const bob = ok(await call('bob', 'entities.File.get', files.forBob.id));
      expect(bob).toMatchObject({ id: files.forBob.id, availability: 'download' });
    });

    it("opens a file's file_url: access checked again, the download counted once, the bytes sent as an attachment", async () => {
      const [file] = ok(await call('ada', 'entities.File.filter', { id: files.free.id }));
      const url = new URL(file.file_url);
      // The bytes come from this route: the site's own download links need the signed-in browser's holder cookie.
      const res = await api().get(url.pathname + url.search).expect(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
      expect(ok(await call('admin', 'entities.File.get', files.free.id)).download_count).toBe(1);
      expect(ok(await call('ada', 'auth.me')).download_count).toBe(1);
      const tampered = url.search.replace(/u=[^&]+/, `u=${ids.bob}`);
      expect((await api().get(url.pathname + tampered).expect(403)).body.message).toBe(FILE_TEXTS.linkInvalid);
    });

    it('writes no File, News or Purchase: 403 on what it can see, 404 on what it cannot', async () => {
      const outcomes = await sdk('ada', [
        { call: 'entities.File.create', args: [{ name: 'x', file_url: 'https://elsewhere/x' }] },
        { call: 'entities.File.update', args: [files.free.id, { name: 'Mine now' }] },
        { call: 'entities.File.update', args: [files.forBob.id, { name: 'Mine now' }] },
        { call: 'entities.File.delete', args: [files.free.id] },
        { call: 'entities.News.create', args: [{ title: 'x', content: 'y' }] },
        { call: 'entities.News.bulkCreate', args: [[{ title: 'x', content: 'y' }]] },
        { call: 'entities.News.update', args: [news.launch.id, { title: 'Hacked' }] },
        { call: 'entities.News.update', args: [news.draft.id, { title: 'Hacked' }] },
        { call: 'entities.News.delete', args: [news.launch.id] },
        { call: 'entities.News.deleteMany', args: [{ title: 'Launch day' }] },
        { call: 'entities.User.create', args: [{ email: 'new@platform.test' }] },
      ]);
      expect(outcomes.map((o) => refused(o).status)).toEqual([403, 403, 404, 403, 403, 403, 403, 404, 403, 403, 405]);
      expect(refused(outcomes[0]).message).toBe(PLATFORM_TEXTS.adminOnly('File'));
      expect(refused(outcomes[4]).message).toBe(PLATFORM_TEXTS.adminOnly('News'));
      expect(refused(outcomes[10]).message).toBe(PLATFORM_TEXTS.accountsNotCreated);
      expect(ok(await call('anonymous', 'entities.News.get', news.launch.id)).title).toBe('Launch day');
    });

    it('reads only its own purchases; nobody writes purchases through this API', async () => {
      const [mine, create, update, remove] = await sdk('ada', [
        { call: 'entities.Purchase.list' },
        { call: 'entities.Purchase.create', args: [{ file_id: files.paid.id, user_id: ids.ada, amount_paid: 1, payment_status: 'paid' }] },
        { call: 'entities.Purchase.update', args: ['any', { payment_status: 'paid' }] },
        { call: 'entities.Purchase.delete', args: ['any'] },
      ]);
      expect(ok(mine)).toEqual([
        expect.objectContaining({ file_id: files.bought.id, user_id: ids.ada, created_by: ids.ada, amount_paid: 1999, currency: 'USD', payment_status: 'paid', created_date: expect.any(String), updated_date: expect.any(String) }),
      ]);
      for (const outcome of [create, update, remove]) expect(refused(outcome)).toMatchObject({ status: 403, message: PLATFORM_TEXTS.purchasesReadOnly });
      const [all, adminCreate] = await sdk('admin', [
        { call: 'entities.Purchase.list', args: ['-created_date'] },
        { call: 'entities.Purchase.create', args: [{ file_id: files.paid.id, user_id: ids.admin }] },
      ]);
      expect(ok(all).map((p: { user_id: string }) => p.user_id).sort()).toEqual([ids.ada, ids.bob].sort());
      expect(refused(adminCreate)).toMatchObject({ status: 403, message: PLATFORM_TEXTS.purchasesReadOnly });
    });

    it('sends e-mail to the support address only, through the outbox', async () => {
      const [sent, elsewhere] = await sdk('ada', [
        { call: 'integrations.Core.SendEmail', args: [{ to: SUPPORT, subject: '[TECHNICAL SUPPORT] It works', body: 'Hello\n\nfrom the SDK', from_name: 'Ada' }] },
        { call: 'integrations.Core.SendEmail', args: [{ to: 'someone@elsewhere.test', subject: 'Spam', body: 'Buy now' }] },
      ]);
      expect(ok(sent)).toEqual({ success: true, status: 'queued' });
      expect(refused(elsewhere)).toMatchObject({ status: 403, message: PLATFORM_TEXTS.emailOnlyToSupport });
      const rows: Array<{ kind: string; subject: string; text_body: string; from_name: string }> = await db().query('SELECT kind, subject, text_body, from_name FROM mail_outbox WHERE to_address = ?', [SUPPORT]);
      expect(rows).toEqual([expect.objectContaining({ kind: 'contact', subject: '[TECHNICAL SUPPORT] It works', from_name: 'Ada' })]);
      expect(rows[0].text_body).toContain('Hello\n\nfrom the SDK');
      expect(await db().query('SELECT id FROM mail_outbox WHERE to_address = ?', ['someone@elsewhere.test'])).toEqual([]);
    });

    it('runs the named functions of spec section 7, and refuses unknown names and plain strings', async () => {
      const [complete, other, update, notOwn, unknown, nothing] = await sdk('ada', [
        { call: 'functions.invoke', args: ['checkProfileComplete', { email: EMAILS.ada }] },
        { call: 'functions.invoke', args: ['checkProfileComplete', { userid: ids.bob }] },
        { call: 'functions.invoke', args: ['updateProfile', profileOf(ids.ada, { city: 'Oakland' })] },
        { call: 'functions.invoke', args: ['updateProfile', profileOf(ids.bob)] },
        { call: 'functions.invoke', args: ['deleteEverything', {}] },
        { call: 'functions.invoke', args: ['checkProfileComplete', 'ada@platform.test'] },
      ]);
      expect(ok(complete)).toEqual({ status: 200, data: { profile_complete: true } });
      expect(refused(other)).toMatchObject({ status: 404 });
      expect(ok(update)).toMatchObject({ status: 200, data: { success: true, profile: { city: 'Oakland', profile_completed: true } } });
      expect(refused(notOwn)).toMatchObject({ status: 403, data: { message: PLATFORM_TEXTS.profileOwnOnly, code: 'forbidden' } });
      expect(refused(unknown)).toMatchObject({ status: 404, data: { message: PLATFORM_TEXTS.unknownFunction('deleteEverything'), code: 'function_not_found' } });
      // The SDK itself refuses a plain string, with the sentence the server uses for other clients.
      expect(refused(nothing).message).toBe(PLATFORM_TEXTS.namedParameters('Function', 'checkProfileComplete', 'ada@platform.test'));
      const raw = await api().post('/api/apps/portal/functions/checkProfileComplete').set('Authorization', `Bearer ${tokens.ada}`).set('Content-Type', 'application/json').send('"ada@platform.test"').expect(400);
      expect(raw.body).toMatchObject({ message: PLATFORM_TEXTS.namedParameters('Function', 'checkProfileComplete', 'ada@platform.test'), code: 'named_parameters_required' });
      const mail = await api().post('/api/apps/portal/integration-endpoints/Core/SendEmail').set('Authorization', `Bearer ${tokens.ada}`).set('Content-Type', 'text/plain').send('hello').expect(400);
      expect(mail.body.message).toBe(PLATFORM_TEXTS.namedParameters('Integration', 'SendEmail', 'hello'));
      expect(refused(await call('ada', 'integrations.Core.SendEmail', 'hello')).message).toBe(PLATFORM_TEXTS.namedParameters('Integration', 'SendEmail', 'hello'));
      expect(refused(await call('ada', 'integrations.Core.InvokeLLM', { prompt: 'x' }))).toMatchObject({ status: 404, code: 'integration_not_found' });
    });

    it('may not upload files', async () => {
      const outcome = await call('ada', 'integrations.Core.UploadFile', { file: { $file: { name: 'a.txt', type: 'text/plain', text: 'hello' } } });
      expect(refused(outcome)).toMatchObject({ status: 403, message: PLATFORM_TEXTS.uploadAdminOnly });
    });
  });

  describe('an admin', () => {
    it('creates, updates, bulk-creates, deletes and deletes by query News; drafts are its to read', async () => {
      const [created, hidden, drafts, bulk, badBulk, removed, removedMany] = await sdk({ token: tokens.admin }, [
        { call: 'entities.News.create', args: [{ title: 'From the SDK', content: '<p>Hi<script>alert(1)</script></p>', is_published: true }] },
        { call: 'entities.News.filter', args: [{ is_published: false }] },
        { call: 'entities.News.filter', args: [{ title: 'Secret draft' }] },
        { call: 'entities.News.bulkCreate', args: [[{ title: 'Bulk one', content: 'one' }, { title: 'Bulk two', content: 'two', is_featured: true }]] },
        { call: 'entities.News.bulkCreate', args: [[{ title: 'Fine', content: 'ok' }, { title: '', content: 'no title' }]] },
        { call: 'entities.News.delete', args: [news.spaced.id] },
        { call: 'entities.News.deleteMany', args: [{ title: { $in: ['Bulk one', 'Bulk two'] } }] },
      ]);
      const post = ok(created);
      expect(post).toMatchObject({ title: 'From the SDK', content: '<p>Hi</p>', author: 'Solvr Team', is_published: true, is_featured: false, created_by: ids.admin });
      expect(ok(hidden).map((n: NewsView) => n.id)).toEqual([news.draft.id]);
      expect(ok(drafts)).toHaveLength(1);
      expect(ok(bulk).map((n: NewsView) => [n.title, n.is_featured])).toEqual([
        ['Bulk one', false],
        ['Bulk two', true],
      ]);
      expect(refused(badBulk)).toMatchObject({ status: 400, message: PLATFORM_TEXTS.inRecord(1, NEWS_TEXTS.required) });
      expect(ok(removed)).toEqual({ success: true });
      expect(ok(removedMany)).toEqual({ success: true, deleted: 2 });
      const titles = ok(await call('admin', 'entities.News.list')).map((n: NewsView) => n.title);
      expect(titles).toEqual(expect.arrayContaining(['From the SDK', 'Secret draft', 'Launch day']));
      for (const gone of ['Fine', 'Bulk one', 'Bulk two', 'C++ tips and more']) expect(titles).not.toContain(gone);

      const [publish, edit] = await sdk('admin', [
        { call: 'entities.News.update', args: [post.id, { is_published: false }] },
        { call: 'entities.News.update', args: [post.id, { title: 'Edited title' }] },
      ]);
      expect(ok(publish)).toMatchObject({ id: post.id, is_published: false });
      expect(ok(edit)).toMatchObject({ id: post.id, title: 'Edited title', content: '<p>Hi</p>', is_published: false });
      expect(refused(await call('anonymous', 'entities.News.get', post.id)).status).toBe(404);
      const audit: Array<{ action: string }> = await db().query('SELECT action FROM audit_log WHERE target_id = ? ORDER BY created_date', [post.id]);
      expect(audit.map((a) => a.action)).toEqual(['news.create', 'news.publish', 'news.edit']);
    });

    it('answers 400 to a filter binding more values than the databases take (SQLite: 32,766), and runs one at the cap', async () => {
      // Lists of the largest length, ORed; the same short titles in each keep the body under the 1 MB limit.
      const lists = (n: number) => ({ $or: Array.from({ length: n }, () => ({ title: { $in: Array.from({ length: 1000 }, (_, i) => String(i)) } })) });
      const deleteMany = (filter: object) => api().delete('/api/apps/portal/entities/News').set('Authorization', `Bearer ${tokens.admin}`).send(filter);
      expect((await deleteMany(lists(120)).expect(400)).body).toMatchObject({ message: PLATFORM_TEXTS.tooManyValues, code: 'too_many_values' });
      expect((await deleteMany(lists(PLATFORM_FILTER_MAX_VALUES / 1000)).expect(200)).body).toEqual({ success: true, deleted: 0 });
    });

    it('uploads with Core.UploadFile and makes the File record from its file_url, as the original upload flow did', async () => {
      const bytes = 'id,name\n1,hello\n';
      const [uploaded] = await sdk('admin', [{ call: 'integrations.Core.UploadFile', args: [{ file: { $file: { name: 'notes.csv', type: 'text/csv', text: bytes } } }] }]);
      const { file_url } = ok(uploaded);
      expect(file_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/download\\?key=files%2F`));
      const view = new URL(file_url);
      const opened = await rawRequest(portOf(app), view.pathname + view.search);
      expect([opened.status, opened.body.toString()]).toEqual([200, bytes]);
      const record = { name: 'Uploaded Notes', description: 'CSV', version: '1.0', file_url, file_type: 'text/csv', file_size: 1, access_type: 'specific_users', allowed_users: [EMAILS.bob], download_count: 0, is_active: true, is_paid: false, price: 0, currency: 'USD' };
      const [created, again, bogus, badPrice] = await sdk('admin', [
        { call: 'entities.File.create', args: [record] },
        { call: 'entities.File.create', args: [record] },
        { call: 'entities.File.create', args: [{ ...record, file_url: withTamperedSignature(file_url) }] },
        { call: 'entities.File.create', args: [{ ...record, is_paid: true, price: 0 }] },
      ]);
      const file = ok(created);
      expect(file).toMatchObject({ name: 'Uploaded Notes', file_name: 'notes.csv', file_type: 'text/csv', file_size: Buffer.byteLength(bytes), allowed_users: [EMAILS.bob], created_by: ids.admin, download_count: 0, is_active: true });
      expect(refused(again)).toMatchObject({ status: 409, message: FILE_TEXTS.storedTwice });
      expect(refused(bogus)).toMatchObject({ status: 400, message: PLATFORM_TEXTS.fileUrlInvalid });
      expect(refused(badPrice)).toMatchObject({ status: 400, message: FILE_TEXTS.invalidPrice });
      expect(ok(await call('bob', 'entities.File.get', file.id))).toMatchObject({ name: 'Uploaded Notes', availability: 'download' });
      expect(refused(await call('ada', 'entities.File.get', file.id)).status).toBe(404);

      const [updated, counter] = await sdk('admin', [
        { call: 'entities.File.update', args: [file.id, { is_active: false, name: 'Renamed', price: 250, is_paid: true, file_url: 'ignored' }] },
        { call: 'entities.File.update', args: [file.id, { download_count: 1000 }] },
      ]);
      expect(ok(updated)).toMatchObject({ id: file.id, name: 'Renamed', is_active: false, is_paid: true, price: 250 });
      expect(refused(counter)).toMatchObject({ status: 400, code: 'read_only_field' });
      expect(refused(await call('bob', 'entities.File.get', file.id)).status).toBe(404);
      expect(ok(await call('admin', 'entities.File.delete', file.id))).toEqual({ success: true });
      expect(refused(await call('admin', 'entities.File.get', file.id)).status).toBe(404);
    });

    it('imports records from a CSV (multipart field file)', async () => {
      const csv = 'title,content,is_featured\nImported one,"<p>First, with a comma</p>",true\nImported two,Second,false\n';
      const result = ok(await call('admin', 'entities.News.importEntities', { $file: { name: 'news.csv', type: 'text/csv', text: csv } }));
      expect(result).toMatchObject({ status: 'success', output: [expect.objectContaining({ title: 'Imported one', is_featured: true }), expect.objectContaining({ title: 'Imported two', is_featured: false })] });
      expect(result.output[0].content).toBe('<p>First, with a comma</p>');
      expect(refused(await call('ada', 'entities.News.importEntities', { $file: { name: 'news.csv', type: 'text/csv', text: csv } })).status).toBe(403);
    });

    it("reads every user, changes another user's role with the site's rules, and sends e-mail to anyone", async () => {
      const [users, promote, demote, self, mail] = await sdk('admin', [
        { call: 'entities.User.list', args: ['email'] },
        { call: 'entities.User.update', args: [ids.bob, { role: 'admin' }] },
        { call: 'entities.User.update', args: [ids.bob, { role: 'user', job_title: 'Tester', full_name: 'Bob Builder', phone: '+15557654321', street_address_1: '1 Main Street', city: 'Springfield', state_province: 'Illinois', postal_code: '62701', country: 'United States' }] },
        { call: 'entities.User.update', args: [ids.admin, { role: 'user' }] },
        { call: 'integrations.Core.SendEmail', args: [{ to: 'anyone@elsewhere.test', subject: 'Hello', body: 'From the admin' }] },
      ]);
      // Every account, the first admin of a new site included.
      expect(ok(users).map((u: { email: string }) => u.email)).toEqual([EMAILS.ada, EMAILS.admin, 'admin@solvr.local', EMAILS.bob]);
      expect(ok(promote)).toMatchObject({ id: ids.bob, role: 'admin' });
      expect(ok(demote)).toMatchObject({ id: ids.bob, role: 'user', job_title: 'Tester', profile_completed: true });
      expect(refused(self)).toMatchObject({ status: 409 });
      expect(ok(mail)).toEqual({ success: true, status: 'queued' });
      expect(await db().query('SELECT kind FROM mail_outbox WHERE to_address = ?', ['anyone@elsewhere.test'])).toEqual([{ kind: 'bulk' }]);
    });
  });

  describe('the service role', () => {
    const service = { serviceToken: SERVICE_TOKEN };

    it('needs the service token: the SDK refuses without one, the server refuses a wrong one', async () => {
      expect(refused(await call('ada', 'asServiceRole.entities.User.list')).message).toBe(
        'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.',
      );
      const wrong = refused(await call({ serviceToken: 'not-the-service-token-0123456789abcdef' }, 'asServiceRole.entities.User.list'));
      expect(wrong).toMatchObject({ status: 401, code: 'service_token_required', message: PLATFORM_TEXTS.serviceTokenRequired });
      const onBehalf = refused(await call({ token: tokens.ada, serviceToken: 'not-the-service-token-0123456789abcdef' }, 'asServiceRole.entities.User.list'));
      expect(onBehalf).toMatchObject({ status: 401, code: 'service_token_required' });
    });

    it('reads every record, and looks up a user’s access token (SSO), which only it may do', async () => {
      const [users, inactive, sso] = await sdk(service, [
        { call: 'asServiceRole.entities.User.list' },
        { call: 'asServiceRole.entities.File.filter', args: [{ is_active: false }] },
        { call: 'asServiceRole.sso.getAccessToken', args: [ids.bob] },
      ]);
      expect(ok(users).map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(Object.values(EMAILS)));
      expect(ok(inactive).map((f: { id: string }) => f.id)).toEqual([files.inactive.id]);
      const { access_token } = ok(sso);
      expect(ok(await call({ token: access_token }, 'auth.me')).email).toBe(EMAILS.bob);
      const byUser = await api().get(`/api/apps/portal/auth/sso/accesstoken/${ids.bob}`).set('Authorization', `Bearer ${tokens.admin}`).expect(403);
      expect(byUser.body).toMatchObject({ message: PLATFORM_TEXTS.serviceTokenRequired, code: 'service_token_required' });
      expect(refused(await call(service, 'asServiceRole.sso.getAccessToken', 'no-such-user')).status).toBe(404);
    });

    it('writes on behalf of the user whose token it carries', async () => {
      const created = ok(await call({ ...service, token: tokens.admin }, 'asServiceRole.entities.News.create', { title: 'By a function', content: 'x' }));
      expect(created.created_by).toBe(ids.admin);
      const anonymous = ok(await call(service, 'asServiceRole.entities.News.create', { title: 'By the service', content: 'x' }));
      expect(anonymous.created_by).toBeNull();
      expect(refused(await call(service, 'asServiceRole.entities.Purchase.create', { file_id: 'x' }))).toMatchObject({ status: 403, message: PLATFORM_TEXTS.purchasesReadOnly });
    });

    it('is refused with a clear message where no service token is configured', async () => {
      const plain = await createApi(t.config({ RUN_MIGRATIONS: 'false', PUBLIC_URL }));
      await plain.listen(0, '127.0.0.1');
      try {
        const outcome = await runSdk({ serverUrl: `http://127.0.0.1:${portOf(plain)}`, appId: 'portal', serviceToken: SERVICE_TOKEN }, [{ call: 'asServiceRole.entities.User.list' }]);
        expect(refused(outcome[0])).toMatchObject({ status: 401, code: 'service_calls_disabled', message: PLATFORM_TEXTS.serviceCallsOff });
      } finally {
        await plain.close();
      }
    });
  });

  describe("another account's profile", () => {
    const CAROL = 'carol@platform.test';
    const CHOSEN = 'Chosen-Pass-1!';

    it('admins and the service role change it, each change audited, but never set its password: only the account itself does', async () => {
      await createAccount(app, CAROL, PASSWORD);
      const carol = await signIn(app, CAROL, PASSWORD);
      const id = carol.user.id as string;
      // As after Continue with Google: an account with no password yet.
      await db().query('UPDATE users SET password_hash = NULL WHERE id = ?', [id]);
      const service = { serviceToken: SERVICE_TOKEN };
      const withPassword = profileOf(id, { password: CHOSEN });
      const [byAdmin] = await sdk('admin', [{ call: 'functions.invoke', args: ['updateProfile', withPassword] }]);
      const [byService] = await sdk(service, [{ call: 'asServiceRole.functions.invoke', args: ['updateProfile', withPassword] }]);
      const [onBehalf] = await sdk({ ...service, token: carol.token }, [{ call: 'asServiceRole.functions.invoke', args: ['updateProfile', withPassword] }]);
      for (const outcome of [byAdmin, byService, onBehalf]) expect(refused(outcome)).toMatchObject({ status: 403, data: { message: PROFILE_MESSAGES.passwordOwnerOnly, code: 'forbidden' } });
      await api().post('/api/auth/login').send({ email: CAROL, password: CHOSEN }).expect(401);
      expect(await db().query('SELECT id FROM users WHERE id = ? AND password_hash IS NULL', [id])).toHaveLength(1);

      const [edited] = await sdk('admin', [{ call: 'functions.invoke', args: ['updateProfile', profileOf(id, { city: 'Oakland' })] }]);
      const [serviceEdited] = await sdk(service, [{ call: 'asServiceRole.entities.User.update', args: [id, { job_title: 'Lead' }] }]);
      expect(ok(edited)).toMatchObject({ status: 200, data: { success: true, profile: { email: CAROL, city: 'Oakland', has_password: false } } });
      expect(ok(serviceEdited)).toMatchObject({ id, job_title: 'Lead', city: 'Oakland' });
      const audit: Array<{ action: string; actor_email: string; target_label: string; detail: string }> = await db().query(
        'SELECT action, actor_email, target_label, detail FROM audit_log WHERE target_id = ? ORDER BY actor_email',
        [id],
      );
      expect(audit).toEqual([
        { action: 'user.profile', actor_email: EMAILS.admin, target_label: CAROL, detail: expect.stringContaining('city') },
        { action: 'user.profile', actor_email: 'service token', target_label: CAROL, detail: 'job_title' },
      ]);

      // The account itself sets its first password (not an admin action: not audited), and signs in with it.
      const [own] = await sdk({ token: carol.token }, [{ call: 'functions.invoke', args: ['updateProfile', withPassword] }]);
      expect(ok(own)).toMatchObject({ status: 200, data: { profile: { has_password: true } } });
      await api().post('/api/auth/login').send({ email: CAROL, password: CHOSEN }).expect(200);
      expect(await db().query('SELECT id FROM audit_log WHERE target_id = ?', [id])).toHaveLength(2);
    });

    it('tells the owner by e-mail which fields someone else changed (names, not values), by an administrator, when, and what to do; its own edits send nothing', async () => {
      const DAVE = 'dave@platform.test';
      const SUBJECT = PROFILE_CHANGED_MAIL.subject('Solvr');
      const notices = async () => (await mailSubjects(app, DAVE)).filter((subject) => subject === SUBJECT).length;
      await createAccount(app, DAVE, PASSWORD);
      const dave = await signIn(app, DAVE, PASSWORD);
      const id = dave.user.id as string;
      const service = { serviceToken: SERVICE_TOKEN };

      // The account's own edits, on the site and through the platform: nobody else to tell it about.
      await api().put('/api/users/me/profile').set('Authorization', `Bearer ${dave.token}`).send(profileOf(id)).expect(200);
      ok((await sdk({ token: dave.token }, [{ call: 'functions.invoke', args: ['updateProfile', profileOf(id, { city: 'Fresno' })] }]))[0]);
      ok(await call({ token: dave.token }, 'auth.updateMe', { job_title: 'Chief' }));
      expect(await notices()).toBe(0);

      // An admin changes the last name, the city and the company (the other fields are sent as they are).
      const [byAdmin] = await sdk('admin', [
        { call: 'functions.invoke', args: ['updateProfile', profileOf(id, { full_name: 'Ada Byron', city: 'Oakland', company: 'Babbage and Co', job_title: 'Chief' })] },
      ]);
      expect(ok(byAdmin)).toMatchObject({ status: 200, data: { profile: { city: 'Oakland' } } });
      expect(await notices()).toBe(1);
      const mail = await lastMail(app, DAVE, 'profile-changed');
      expect(mail?.subject).toBe(SUBJECT);
      const text = mail?.text ?? '';
      expect(text).toContain('An administrator changed the profile of your Solvr account on ');
      expect(text).toMatch(/ on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M \(UTC\)\./);
      expect(text).toContain('Changed: Last name, City, Company.');
      expect(text).toContain('If you did not expect this change');
      expect(text).toContain(`${PUBLIC_URL}/Contact`);
      // Field names only: none of the values, old or new, is in the mail.
      for (const value of ['Byron', 'Lovelace', 'Oakland', 'Fresno', 'Babbage', 'Engines']) expect([value, text.includes(value)]).toEqual([value, false]);

      // The service role changes one field: one more notice, naming that field.
      ok(await call(service, 'asServiceRole.entities.User.update', id, { job_title: 'Lead' }));
      expect(await notices()).toBe(2);
      const texts: Array<{ text_body: string }> = await db().query("SELECT text_body FROM mail_outbox WHERE to_address = ? AND kind = 'profile-changed'", [DAVE]);
      expect(texts.map((r) => r.text_body.match(/Changed: .*/)?.[0]).sort()).toEqual(['Changed: Job title.', 'Changed: Last name, City, Company.']);

      // Saved again as it is, or refused (a password from someone else): nothing changed, nothing sent.
      ok((await sdk('admin', [{ call: 'functions.invoke', args: ['updateProfile', profileOf(id, { full_name: 'Ada Byron', city: 'Oakland', company: 'Babbage and Co', job_title: 'Lead' })] }]))[0]);
      refused((await sdk('admin', [{ call: 'functions.invoke', args: ['updateProfile', profileOf(id, { city: 'Reno', password: 'Chosen-Pass-1!' })] }]))[0]);
      // And the owner's own edit after all this sends nothing either.
      ok(await call({ token: dave.token }, 'auth.updateMe', { city: 'Sacramento' }));
      expect(await notices()).toBe(2);
    });
  });

  describe('headers', () => {
    it('accepts X-App-Id and X-Origin-URL, and answers CORS for the configured origin', async () => {
      const me = ok(await call({ token: tokens.ada, headers: { 'X-Origin-URL': `${APP_ORIGIN}/Dashboard` } }, 'auth.me'));
      expect(me.email).toBe(EMAILS.ada);
      const preflight = await api()
        .options('/api/apps/portal/entities/News')
        .set('Origin', APP_ORIGIN)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization,x-app-id,x-origin-url')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(preflight.headers['access-control-allow-headers']).toEqual(expect.stringContaining('X-App-Id'));
      expect(preflight.headers['access-control-allow-headers']).toEqual(expect.stringContaining('X-Origin-URL'));
      const list = await api().get('/api/apps/portal/entities/News').set('Origin', APP_ORIGIN).set('X-App-Id', 'portal').set('X-Origin-URL', `${APP_ORIGIN}/`).expect(200);
      expect(list.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      const foreign = await api().options('/api/apps/portal/entities/News').set('Origin', 'https://evil.test').set('Access-Control-Request-Method', 'GET').expect(204);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      // The site's own routes are not opened to other origins.
      expect((await api().get('/api/news').set('Origin', APP_ORIGIN).expect(200)).headers['access-control-allow-origin']).toBeUndefined();
      const elsewhere = await api().options('/api/news').set('Origin', APP_ORIGIN).set('Access-Control-Request-Method', 'GET').expect(404);
      expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
      expect(elsewhere.headers['access-control-allow-methods']).toBeUndefined();
    });
  });
});
