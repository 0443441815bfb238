// tiers: sqlite, services
import { randomBytes } from 'crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AdminFileView, NewsView, PublishedRelease } from '@solvr/contracts';
import { SEEDED_RELEASES } from '@solvr/server-releases';
import { UnsubscribeLinks } from '@solvr/server-mail';
import { type ApiApp, createApi, profilePayload, signIn, createAccount, heldLink, multipart, portOf, registeredRoutes, purchaseByWebhook, startStripeStandIn, STRIPE_TEST_KEYS, type StripeStandIn, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'matrix-pass-1';
const SUPPORT = 'support@matrix.test';
const MADE_UP = '00000000-0000-4000-8000-000000000000';
type Caller = 'anonymous' | 'user' | 'other' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'other', 'admin'];
const EMAILS: Record<Exclude<Caller, 'anonymous'>, string> = { user: 'ada@matrix.test', other: 'bob@matrix.test', admin: 'admin@matrix.test' };

/** Real ids, made in beforeAll. `user`'s resources are "own"; `other`'s are what `user` may not see. */
const fx = {
  id: {} as Record<Exclude<Caller, 'anonymous'>, string>,
  roleTarget: '',
  file: {} as Record<'public' | 'forUser' | 'forOther' | 'paid' | 'doomed', AdminFileView>,
  release: { fileName: '', fileId: '' },
  news: {} as Record<'published' | 'draft' | 'doomed' | 'doomedByPlatform', NewsView>,
  session: {} as Record<'user' | 'other', string>,
  purchase: {} as Record<'user' | 'other', string>,
  campaign: '',
  unsubscribe: '',
  platformFileUrl: '',
  downloadLink: '',
  releaseVersion: '',
  deployToken: '',
  savedSearch: '',
};

/**
 * Expected statuses for anonymous, user, another user and admin, in that order ('401 200 200 200'); by id kind
 * for routes that take one. Every id route has a made-up id row; every /api/apps/:appId route is also checked
 * with an unknown app id (404 for everyone).
 */
type Statuses = string;
interface Policy {
  /** The path parameter the id kinds fill ('?' for a query string); the other parameters come from `params`. */
  id?: string;
  ids?: Record<string, () => string>;
  params?: Record<string, string>;
  /** A JSON body (per caller when a function); `multipart` for a form upload instead. */
  body?: object | ((caller: Caller) => object);
  multipart?: () => { body: Buffer; contentType: string };
  expect: Statuses | Record<string, Statuses>;
  /** What the cell sends when the expected answer depends on it. */
  why?: string;
}

const csv = (rows: string) => () => multipart([], [{ filename: 'news.csv', type: 'text/csv', content: Buffer.from(rows) }]);
const newsBody = () => ({ title: `Matrix post ${randomBytes(3).toString('hex')}`, content: '<p>Body</p>' });
const ADMIN_READ: Policy = { expect: '401 403 403 200' };
const SIGNED_IN_READ: Policy = { expect: '401 200 200 200' };
const PUBLIC_READ: Policy = { expect: '200 200 200 200' };

const POLICIES: Record<string, Policy> = {
  'DELETE /api/admin/files/:id': { ids: { doomed: () => fx.file.doomed.id }, expect: { doomed: '401 403 403 204', madeUp: '401 403 403 404' } },
  'DELETE /api/admin/deploy-tokens/:id': { ids: { token: () => fx.deployToken }, expect: { token: '401 403 403 200', madeUp: '401 403 403 404' } },
  'DELETE /api/admin/news/:id': { ids: { doomed: () => fx.news.doomed.id }, expect: { doomed: '401 403 403 204', madeUp: '401 403 403 404' } },
  'DELETE /api/admin/saved-searches/:id': { ids: { doomed: () => fx.savedSearch }, expect: { doomed: '401 403 403 204', madeUp: '401 403 403 404' } },
  'DELETE /api/apps/:appId/entities/:entity': {
    params: { entity: 'News' },
    body: { title: 'No post has this title' },
    why: 'a filter that matches nothing',
    expect: '401 403 403 200',
  },
  'DELETE /api/apps/:appId/entities/:entity/:id': {
    params: { entity: 'News' },
    ids: { doomed: () => fx.news.doomedByPlatform.id },
    why: 'a made-up id is not found before it is refused',
    expect: { doomed: '401 403 403 200', madeUp: '401 404 404 404' },
  },
  'GET /api/admin/audit': ADMIN_READ,
  'GET /api/admin/files': ADMIN_READ,
  'GET /api/admin/files/:id/url': { ids: { forOther: () => fx.file.forOther.id }, expect: { forOther: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/files/limits': ADMIN_READ,
  'GET /api/admin/files/stats': ADMIN_READ,
  'GET /api/admin/mail/campaigns': ADMIN_READ,
  'GET /api/admin/mail/campaigns/:id': { ids: { real: () => fx.campaign }, expect: { real: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/mail/recipients': ADMIN_READ,
  'GET /api/admin/mail/recipients/ids': ADMIN_READ,
  'GET /api/admin/mail/segments': ADMIN_READ,
  'GET /api/admin/saved-searches': ADMIN_READ,
  'GET /api/admin/news': ADMIN_READ,
  'GET /api/admin/news/:id': { ids: { draft: () => fx.news.draft.id }, expect: { draft: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/payments/files/:fileId': {
    id: 'fileId',
    ids: { paid: () => fx.file.paid.id },
    why: 'a file id without purchases, real or not, has an empty list',
    expect: { paid: '401 403 403 200', madeUp: '401 403 403 200' },
  },
  'GET /api/admin/payments/revenue': ADMIN_READ,
  'GET /api/admin/summary': ADMIN_READ,
  'GET /api/admin/users': ADMIN_READ,
  'GET /api/admin/users/:id': { ids: { user: () => fx.id.user }, expect: { user: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/users/:id/downloads': { ids: { user: () => fx.id.user }, expect: { user: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/users/:id/purchases': { ids: { user: () => fx.id.user }, expect: { user: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/users/export.csv': ADMIN_READ,
  'GET /api/admin/users/pick': ADMIN_READ,
  'GET /api/admin/users/signups': ADMIN_READ,
  'GET /api/apps/:appId/auth/sso/accesstoken/:userid': {
    id: 'userid',
    ids: { own: () => fx.id.user },
    why: 'the service role only',
    expect: { own: '403 403 403 403', madeUp: '403 403 403 403' },
  },
  'GET /api/apps/:appId/entities/:entity': { params: { entity: 'Purchase' }, expect: '200 200 200 200' },
  'GET /api/apps/:appId/entities/:entity/:id': {
    params: { entity: 'Purchase' },
    ids: { own: () => fx.purchase.user, others: () => fx.purchase.other },
    expect: { own: '404 200 404 200', others: '404 404 200 200', madeUp: '404 404 404 404' },
  },
  'GET /api/apps/:appId/entities/User/me': SIGNED_IN_READ,
  'GET /api/apps/:appId/files/:id/download': {
    ids: { signed: () => fx.platformFileUrl, unsigned: () => fx.file.public.id },
    why: 'a file_url signed for the user (the signature is the credential: the bytes are sent); the same file without one',
    expect: { signed: '200 200 200 200', unsigned: '403 403 403 403', madeUp: '403 403 403 403' },
  },
  'GET /api/auth/google': { why: 'Google sign-in is not configured', expect: '302 302 302 302' },
  'GET /api/auth/google/callback': { why: 'Google sign-in is not configured', expect: '404 404 404 404' },
  'GET /api/auth/verify-email': { why: 'no token: the page says the link is invalid', expect: '302 302 302 302' },
  'GET /api/docs': PUBLIC_READ,
  'GET /api/docs/:asset': {
    id: 'asset',
    ids: { script: () => 'start.js', styles: () => 'swagger-ui.css' },
    why: "the reference page's files; any other name is none",
    expect: { script: '200 200 200 200', styles: '200 200 200 200', madeUp: '404 404 404 404' },
  },
  'GET /api/download': {
    id: '?',
    ids: { signed: () => fx.downloadLink, madeUp: () => `key=files/${MADE_UP}&name=x.zip&expires=9999999999&sig=AAAA` },
    why: "a link handed out to user by POST /api/files/:id/download, each caller with its own browser's holder cookie; a made-up signature",
    expect: { signed: '403 200 403 403', madeUp: '403 403 403 403' },
  },
  'GET /api/files': SIGNED_IN_READ,
  'GET /api/files/:id': {
    ids: { public: () => fx.file.public.id, forUser: () => fx.file.forUser.id, forOther: () => fx.file.forOther.id, paid: () => fx.file.paid.id },
    expect: { public: '401 200 200 200', forUser: '401 200 404 200', forOther: '401 404 200 200', paid: '401 200 200 200', madeUp: '401 404 404 404' },
  },
  'GET /api/files/summary': SIGNED_IN_READ,
  'GET /api/health': PUBLIC_READ,
  'GET /api/health/live': PUBLIC_READ,
  'GET /api/mail/subscription': {
    id: '?',
    ids: { signed: () => `token=${fx.unsubscribe}`, madeUp: () => `token=${MADE_UP}.AAAA` },
    expect: { signed: '200 200 200 200', madeUp: '400 400 400 400' },
  },
  'GET /api/news': PUBLIC_READ,
  'GET /api/news/:ref': {
    id: 'ref',
    ids: { published: () => fx.news.published.slug, draft: () => fx.news.draft.id },
    expect: { published: '200 200 200 200', draft: '404 404 404 404', madeUp: '404 404 404 404' },
  },
  'GET /api/openapi.json': PUBLIC_READ,
  'GET /api/payments/sessions/:sessionId': {
    id: 'sessionId',
    ids: { own: () => fx.session.user, others: () => fx.session.other, madeUp: () => 'cs_test_madeUp0000000000' },
    expect: { own: '401 200 404 404', others: '401 404 200 404', madeUp: '401 404 404 404' },
  },
  'GET /api/public-config': PUBLIC_READ,
  'GET /api/releases': SIGNED_IN_READ,
  'GET /api/releases/history': PUBLIC_READ,
  'GET /api/admin/releases': ADMIN_READ,
  'GET /api/admin/releases/files/:id': { ids: { release: () => fx.release.fileId }, expect: { release: '401 403 403 200', madeUp: '401 403 403 404' } },
  'GET /api/admin/releases/activity': ADMIN_READ,
  'GET /api/admin/deploy-tokens': ADMIN_READ,
  'GET /api/admin/release-channels': ADMIN_READ,
  'GET /api/updates/:file': {
    id: 'file',
    ids: { stable: () => 'latest.yml', beta: () => 'beta.yml', madeUp: () => 'latest-amiga.yml' },
    why: 'beta: the stable installer (a beta install also takes stable versions)',
    expect: { stable: '200 200 200 200', beta: '200 200 200 200', madeUp: '404 404 404 404' },
  },
  'GET /api/update/:platform/:version': {
    id: 'version',
    params: { platform: 'darwin' },
    why: 'no macOS release here: Squirrel.Mac hears "no update" (204), as anything else is an error to it',
    expect: { madeUp: '204 204 204 204' },
  },
  'GET /api/update/win32/:version/RELEASES': { id: 'version', why: 'no Squirrel.Windows files here', expect: { madeUp: '404 404 404 404' } },
  'GET /api/releases/:channel/:feed': {
    id: 'feed',
    params: { channel: 'stable' },
    // Stable: the installer uploaded in beforeAll (the seeded placeholder alone would answer 404, see releases.e2e).
    ids: { yml: () => 'latest.yml', json: () => 'latest.json', madeUp: () => 'latest-amiga.yml' },
    expect: { yml: '200 200 200 200', json: '200 200 200 200', madeUp: '404 404 404 404' },
  },
  'GET /api/users/me': SIGNED_IN_READ,
  'GET /api/users/me/profile': SIGNED_IN_READ,
  'GET /atom.xml': PUBLIC_READ,
  'GET /downloads/:name': {
    id: 'name',
    ids: { release: () => fx.release.fileName, placeholder: () => SEEDED_RELEASES[0].fileName, madeUp: () => 'Solvr-Setup-0.0.1.zip' },
    expect: { release: '200 200 200 200', placeholder: '404 404 404 404', madeUp: '404 404 404 404' },
  },
  'GET /robots.txt': PUBLIC_READ,
  'GET /rss.xml': PUBLIC_READ,
  'GET /sitemap.xml': PUBLIC_READ,
  'PATCH /api/admin/files/:id': { ids: { public: () => fx.file.public.id }, body: { is_active: true }, expect: { public: '401 403 403 200', madeUp: '401 403 403 404' } },
  'PATCH /api/admin/releases/:id': { ids: { release: () => fx.releaseVersion }, body: { rollout_percentage: 100 }, expect: { release: '401 403 403 200', madeUp: '401 403 403 404' } },
  'PATCH /api/admin/news/:id': { ids: { published: () => fx.news.published.id }, body: { is_featured: false }, expect: { published: '401 403 403 200', madeUp: '401 403 403 404' } },
  'PATCH /api/admin/users/:id/role': {
    ids: { target: () => fx.roleTarget },
    body: { role: 'user' },
    expect: { target: '401 403 403 200', madeUp: '401 403 403 404' },
  },
  'POST /api/admin/files': {
    multipart: () => multipart([['name', 'Matrix upload']], [{ filename: 'matrix.zip', content: randomBytes(256) }]),
    expect: '401 403 403 201',
  },
  'POST /api/admin/mail/campaigns': { body: () => ({ subject: 'Matrix', message: 'Hello', userIds: [fx.id.other] }), expect: '401 403 403 201' },
  'POST /api/admin/mail/campaigns/:id/retry': { ids: { real: () => fx.campaign }, expect: { real: '401 403 403 200', madeUp: '401 403 403 404' } },
  'POST /api/admin/mail/preview': { body: { subject: 'Matrix', message: 'Hello' }, expect: '401 403 403 200' },
  'POST /api/admin/mail/test': { body: {}, why: 'an empty body', expect: '401 403 403 400' },
  'POST /api/admin/mail/audience': { body: { segment: { kind: 'admins' } }, expect: '401 403 403 200' },
  'POST /api/admin/mail/campaigns/test': { body: {}, why: 'an empty body', expect: '401 403 403 400' },
  'POST /api/admin/saved-searches': { body: (caller: Caller) => ({ name: `Matrix ${caller}`, q: 'matrix' }), expect: '401 403 403 201' },
  'POST /api/admin/news': { body: newsBody, expect: '401 403 403 201' },
  'POST /api/apps/:appId/auth/login': { body: { email: EMAILS.user, password: PASSWORD }, expect: '200 200 200 200' },
  'POST /api/apps/:appId/entities/:entity': { params: { entity: 'News' }, body: newsBody, expect: '401 403 403 201' },
  'POST /api/apps/:appId/entities/:entity/bulk': { params: { entity: 'News' }, body: () => [newsBody()], expect: '401 403 403 201' },
  'POST /api/apps/:appId/entities/:entity/import': { params: { entity: 'News' }, multipart: csv('title,content\nImported,<p>Body</p>\n'), expect: '401 403 403 201' },
  'POST /api/apps/:appId/functions/:name': {
    params: { name: 'checkProfileComplete' },
    body: () => ({ userid: fx.id.user }),
    why: "asks about the user's own account",
    expect: '401 200 404 200',
  },
  'POST /api/apps/:appId/integration-endpoints/Core/:name': {
    params: { name: 'SendEmail' },
    body: { to: SUPPORT, subject: 'Matrix', body: 'Hello' },
    why: 'to the support address, which a user may write to',
    expect: '401 200 200 200',
  },
  'POST /api/apps/:appId/integration-endpoints/installable/:pkg/integration-endpoints/:name': { params: { pkg: 'acme', name: 'Thing' }, expect: '404 404 404 404' },
  'POST /api/auth/forgot-password': { body: { email: 'nobody@matrix.test' }, expect: '202 202 202 202' },
  'POST /api/auth/login': { body: { email: EMAILS.user, password: PASSWORD }, expect: '200 200 200 200' },
  'POST /api/auth/logout': { why: 'no refresh cookie: nothing to end', expect: '204 204 204 204' },
  'POST /api/auth/refresh': { why: 'no refresh cookie: no session', expect: '204 204 204 204' },
  'POST /api/auth/resend-verification': { body: { email: 'nobody@matrix.test' }, expect: '202 202 202 202' },
  'POST /api/auth/reset-password': { body: { token: 'made-up', password: 'New-Passw0rd!' }, why: 'a made-up link token', expect: '400 400 400 400' },
  'POST /api/auth/signup': { body: (c) => ({ email: `new.${c}.${randomBytes(3).toString('hex')}@matrix.test`, password: PASSWORD }), expect: '202 202 202 202' },
  'POST /api/contact': { body: { name: 'Ada', email: EMAILS.user, category: 'bug-report', subject: 'Matrix', message: 'Hello' }, expect: '401 204 204 204' },
  'POST /api/files/:id/checkout': {
    ids: { paid: () => fx.file.paid.id, forUser: () => fx.file.forUser.id },
    why: 'paid: a checkout (the admin may already download it: owned); forUser: free, so owned',
    expect: { paid: '401 200 200 200', forUser: '401 200 404 200', madeUp: '401 404 404 404' },
  },
  'POST /api/files/:id/download': {
    ids: { public: () => fx.file.public.id, forUser: () => fx.file.forUser.id, forOther: () => fx.file.forOther.id, paid: () => fx.file.paid.id },
    expect: { public: '401 200 200 200', forUser: '401 200 404 200', forOther: '401 404 200 200', paid: '401 403 403 200', madeUp: '401 404 404 404' },
  },
  'POST /api/mail/subscribe': { id: '?', ids: { signed: () => `token=${fx.unsubscribe}`, madeUp: () => `token=${MADE_UP}.AAAA` }, expect: { signed: '200 200 200 200', madeUp: '400 400 400 400' } },
  'POST /api/mail/unsubscribe': { id: '?', ids: { signed: () => `token=${fx.unsubscribe}`, madeUp: () => `token=${MADE_UP}.AAAA` }, expect: { signed: '200 200 200 200', madeUp: '400 400 400 400' } },
  'POST /api/payments/webhook': { why: 'unsigned', expect: '400 400 400 400' },
  'POST /api/admin/deploy-tokens': { body: { name: 'Matrix CI' }, expect: '401 403 403 201' },
  'POST /api/admin/release-channels': { body: (caller: Caller) => ({ name: `matrix${caller.length}` }), expect: '401 403 403 201' },
  'POST /api/releases/publish': { why: "a deploy token or an admin's session; the admin sent no form", expect: '401 403 403 415' },
  'POST /api/releases/notify': { body: { platform: 'linux' }, expect: '401 204 204 204' },
  'POST /api/users/me/password': { body: {}, why: 'an empty body', expect: '401 400 400 400' },
  'PUT /api/admin/news/:id': { ids: { published: () => fx.news.published.id }, body: () => ({ title: fx.news.published.title, content: '<p>Edited</p>' }), expect: { published: '401 403 403 200', madeUp: '401 403 403 404' } },
  'PUT /api/apps/:appId/entities/:entity/:id': {
    params: { entity: 'User' },
    ids: { own: () => fx.id.user, others: () => fx.id.other },
    body: { company: 'Matrix Ltd' },
    expect: { own: '401 200 404 200', others: '401 404 200 200', madeUp: '401 404 404 404' },
  },
  'PUT /api/apps/:appId/entities/User/me': { body: { company: 'Matrix Ltd' }, expect: '401 200 200 200' },
  'PUT /api/users/me/profile': { body: () => profilePayload(fx.id.user), why: "the user's own profile (userid in the body)", expect: '401 200 403 403' },
};

describe(`route matrix: every route x caller x id (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let stripe: StripeStandIn;
  const tokens = {} as Record<Caller, string | undefined>;
  const api = () => request(app.getHttpServer());
  /** The download holder cookie each signed-in caller's browser has, as it has its token. */
  const holderCookies = {} as Record<Caller, string | undefined>;
  const as = (caller: Caller) => (req: request.Test) => {
    if (holderCookies[caller]) req.set('Cookie', holderCookies[caller] as string);
    return tokens[caller] ? req.set('Authorization', `Bearer ${tokens[caller]}`) : req;
  };

  async function upload(fields: Record<string, string>): Promise<AdminFileView> {
    const { body, contentType } = multipart(Object.entries(fields), [{ filename: `${fields.name}.zip`, content: randomBytes(512) }]);
    const res = await as('admin')(api().post('/api/admin/files').set('Content-Type', contentType)).send(body);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const post = async (title: string, extra: object = {}): Promise<NewsView> =>
    (await as('admin')(api().post('/api/admin/news')).send({ title, content: `<p>${title}</p>`, ...extra }).expect(201)).body;
  const checkoutSession = async (caller: Caller, fileId: string): Promise<string> =>
    (await as(caller)(api().post(`/api/files/${fileId}/checkout`)).expect(200)).body.url.split('/pay/')[1];
  async function buy(userId: string, fileId: string): Promise<string> {
    const session = await purchaseByWebhook(app.getHttpServer(), userId, fileId, 500);
    const [row] = await app.get(DataSource).query('SELECT id FROM purchases WHERE stripe_session_id = ?', [session]);
    return row.id;
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestEnv();
    app = await createApi(
      t.config({ ...STRIPE_TEST_KEYS, STRIPE_API_BASE: stripe.base, CONTACT_TO: SUPPORT, THROTTLE_PER_IP: '100000', THROTTLE_PER_ACCOUNT: '10000' }),
    );
    await app.listen(0, '127.0.0.1');
    await stripe.setWebhook(`http://127.0.0.1:${portOf(app)}/api/payments/webhook`);
    for (const caller of ['user', 'other', 'admin'] as const) {
      await createAccount(app, EMAILS[caller], PASSWORD, caller === 'admin' ? 'admin' : 'user');
      const session = await signIn(app, EMAILS[caller], PASSWORD);
      tokens[caller] = session.token;
      fx.id[caller] = session.user.id as string;
    }
    for (const caller of ['user', 'other', 'admin'] as const) {
      await as(caller)(api().put('/api/users/me/profile')).send(profilePayload(fx.id[caller])).expect(200);
    }
    await createAccount(app, 'role.target@matrix.test', PASSWORD);
    fx.roleTarget = (await app.get(DataSource).query('SELECT id FROM users WHERE email = ?', ['role.target@matrix.test']))[0].id;

    fx.file.public = await upload({ name: 'Public Notes' });
    fx.file.forUser = await upload({ name: 'For Ada', access_type: 'specific_users', allowed_users: JSON.stringify([EMAILS.user]) });
    fx.file.forOther = await upload({ name: 'For Bob', access_type: 'specific_users', allowed_users: JSON.stringify([EMAILS.other]) });
    fx.file.paid = await upload({ name: 'Paid Kit', is_paid: 'true', price: '5' });
    fx.file.doomed = await upload({ name: 'Doomed' });
    // A real installer: the seeded releases are placeholders, served by no feed and no /downloads/ name.
    const published = multipart([['version', '1.0.21'], ['channel', 'stable']], [{ filename: 'Solvr-Setup-1.0.21.exe', content: randomBytes(512) }]);
    const release: PublishedRelease = (await as('admin')(api().post('/api/releases/publish').set('Content-Type', published.contentType)).send(published.body).expect(201)).body;
    fx.release = { fileName: release.files[0].file_name, fileId: release.files[0].id };
    fx.releaseVersion = (await as('admin')(api().get('/api/admin/releases')).expect(200)).body[0].id;
    fx.deployToken = (await as('admin')(api().post('/api/admin/deploy-tokens')).send({ name: 'Matrix' }).expect(201)).body.id;
    fx.savedSearch = (await as('admin')(api().post('/api/admin/saved-searches')).send({ name: 'Matrix', q: 'matrix' }).expect(201)).body.id;
    const bought = await upload({ name: 'Bought Kit', is_paid: 'true', price: '5' });
    fx.purchase.user = await buy(fx.id.user, bought.id);
    fx.purchase.other = await buy(fx.id.other, bought.id);
    fx.session.user = await checkoutSession('user', fx.file.paid.id);
    fx.session.other = await checkoutSession('other', fx.file.paid.id);

    fx.news.published = await post('Matrix launch');
    fx.news.draft = await post('Matrix draft', { is_published: false });
    fx.news.doomed = await post('Matrix doomed');
    fx.news.doomedByPlatform = await post('Matrix doomed too');

    fx.campaign = (await as('admin')(api().post('/api/admin/mail/campaigns')).send({ subject: 'Hi', message: 'Hello', userIds: [fx.id.user] }).expect(201)).body.campaign.id;
    fx.unsubscribe = app.get(UnsubscribeLinks).token(fx.id.user);
    const record = (await as('user')(api().get(`/api/apps/portal/entities/File/${fx.file.public.id}`)).expect(200)).body;
    const fileUrl = new URL(record.file_url);
    fx.platformFileUrl = `${fx.file.public.id}${fileUrl.search}`;
    for (const caller of ['user', 'other', 'admin'] as const) {
      const link = heldLink(await as(caller)(api().post(`/api/files/${fx.file.public.id}/download`)).expect(200));
      holderCookies[caller] = link.cookie;
      if (caller === 'user') fx.downloadLink = new URL(link.url, 'http://x').search.slice(1);
    }
  });
  afterAll(async () => {
    await app?.close();
    stripe?.stop();
    await t?.cleanup();
  });

  it('has a declared policy for every registered route, none for a route that is gone, and none looser than its guard', () => {
    const routes = registeredRoutes(app);
    const problems = routes.filter((r) => !POLICIES[r.route]).map((r) => `no declared policy for ${r.route}`);
    problems.push(...Object.keys(POLICIES).filter((r) => !routes.some((x) => x.route === r)).map((r) => `a policy for ${r}, which is not registered`));
    // The guard answers before any handler: signed-in routes 401 to anonymous callers, admin routes 403 to users too.
    for (const { route, policy } of routes) {
      const declared = POLICIES[route]?.expect;
      if (!declared) continue;
      for (const statuses of typeof declared === 'string' ? [declared] : Object.values(declared)) {
        const [anonymous, user, other] = statuses.split(' ');
        if (policy !== 'public' && anonymous !== '401') problems.push(`${route} is ${policy} but expects ${anonymous} for anonymous callers`);
        if (policy === 'role:admin' && (user !== '403' || other !== '403')) problems.push(`${route} is ${policy} but expects ${user}/${other} for users`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every route x caller x id as declared, never with a 5xx', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    const routes = registeredRoutes(app);
    for (const { route } of routes) {
      const policy = POLICIES[route];
      if (!policy) continue;
      const [method, template] = route.split(' ');
      const idParam = policy.id ?? (template.includes('/:id') ? 'id' : undefined);
      const kinds: Array<[string, string | undefined, Statuses]> = [];
      if (typeof policy.expect === 'string') {
        if (idParam) mismatches.push(`${route}: takes an id, so its statuses go by id kind`);
        kinds.push(['-', undefined, policy.expect]);
      } else {
        if (!idParam) throw new Error(`${route}: statuses by id kind, but no id parameter`);
        for (const [kind, statuses] of Object.entries(policy.expect)) {
          const value = policy.ids?.[kind] ?? (kind === 'madeUp' ? () => MADE_UP : undefined);
          if (!value) throw new Error(`${route}: no id for ${kind}`);
          kinds.push([kind, value(), statuses]);
        }
        if (!('madeUp' in policy.expect)) mismatches.push(`${route}: no made-up id row`);
      }
      if (template.startsWith('/api/apps/:appId')) kinds.push(['unknown app', undefined, '404 404 404 404']);
      for (const [kind, value, statuses] of kinds) {
        const expected = statuses.split(' ').map(Number);
        let path = template.replace(':appId', kind === 'unknown app' ? 'no-such-app' : 'portal');
        for (const [name, v] of Object.entries(policy.params ?? {})) path = path.replace(`:${name}`, v);
        if (idParam === '?') path += value !== undefined ? `?${value}` : '';
        else if (idParam) {
          // An id with a query ('id?sig=...'): the id in its place, the query at the end.
          const [id, query] = (value ?? MADE_UP).split('?');
          path = path.replace(`:${idParam}`, id) + (query ? `?${query}` : '');
        }
        if (/\/:/.test(path)) throw new Error(`${route}: no value for a parameter of ${path}`);
        for (const [i, caller] of CALLERS.entries()) {
          const req = as(caller)((api() as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()](path));
          let res: request.Response;
          if (policy.multipart) {
            const { body, contentType } = policy.multipart();
            res = await req.set('Content-Type', contentType).send(body);
          } else if (policy.body) res = await req.send(typeof policy.body === 'function' ? policy.body(caller) : policy.body);
          else res = await req;
          cells++;
          if (res.status !== expected[i] || res.status >= 500) {
            mismatches.push(`${route} [${kind}${policy.why ? `: ${policy.why}` : ''}] as ${caller}: expected ${expected[i]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          }
        }
      }
    }
    // The closing note's figure: routes covered and cells checked.
    console.log(`route matrix (${TIER}): ${routes.length} routes, ${cells} route x caller x id cells checked`);
    expect(mismatches).toEqual([]);
    expect(cells).toBeGreaterThan(routes.length * CALLERS.length);
  });
});
