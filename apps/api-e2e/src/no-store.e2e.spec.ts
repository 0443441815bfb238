// tiers: sqlite
import request from 'supertest';
import { UnsubscribeLinks } from '@solvr/server-mail';
import { type ApiApp, createApi, createAccount, createTestEnv, signIn, TestEnv } from '@solvr/server-testing';

const PASSWORD = 'no-store-pass-1';
const ADMIN = 'admin@no-store.test';
const USER = 'ada@no-store.test';
const MADE_UP = '00000000-0000-4000-8000-000000000000';

/** Which routes are marked @NoStore is reviewed in route-policies.e2e.spec.ts; here, what a client receives. */
describe('answers that name a person are not stored', () => {
  let t: TestEnv;
  let app: ApiApp;
  const token: Record<string, string> = {};
  let userId: string;
  const api = () => request(app.getHttpServer());
  const as = (email: string) => (req: request.Test) => req.set('Authorization', `Bearer ${token[email]}`);

  beforeAll(async () => {
    t = await createTestEnv('sqlite');
    app = await createApi(t.config());
    await app.init();
    for (const [email, role] of [[ADMIN, 'admin'], [USER, 'user']] as const) {
      await createAccount(app, email, PASSWORD, role);
      const session = await signIn(app, email, PASSWORD);
      token[email] = session.token;
      if (email === USER) userId = session.user.id as string;
    }
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  it('sends Cache-Control: no-store with each of them, refusals included', async () => {
    const unsubscribe = app.get(UnsubscribeLinks).token(userId);
    const answers: Array<[string, request.Test, number]> = [
      ['subscription', api().get('/api/mail/subscription').query({ token: unsubscribe }), 200],
      ['subscription, bad token', api().get('/api/mail/subscription').query({ token: 'made-up' }), 400],
      ['login', api().post('/api/auth/login').send({ email: USER, password: PASSWORD }), 200],
      ['users/me', as(USER)(api().get('/api/users/me')), 200],
      ['profile', as(USER)(api().get('/api/users/me/profile')), 200],
      ['admin users', as(ADMIN)(api().get('/api/admin/users')), 200],
      ['admin users, as a user', as(USER)(api().get('/api/admin/users')), 403],
      ['users.csv', as(ADMIN)(api().get('/api/admin/users/export.csv')), 200],
      ['audit', as(ADMIN)(api().get('/api/admin/audit')), 200],
      ['mail recipients', as(ADMIN)(api().get('/api/admin/mail/recipients')), 200],
      ['mail recipient ids', as(ADMIN)(api().get('/api/admin/mail/recipients/ids')), 200],
      ['purchases of a file', as(ADMIN)(api().get(`/api/admin/payments/files/${MADE_UP}`)), 200],
      ['platform User/me', as(USER)(api().get('/api/apps/portal/entities/User/me')), 200],
    ];
    const seen = [];
    for (const [name, req] of answers) {
      const res = await req;
      seen.push({ name, status: res.status, cacheControl: res.headers['cache-control'] });
    }
    expect(seen).toEqual(answers.map(([name, , status]) => ({ name, status, cacheControl: 'no-store' })));
  });

  it('marks public reads as cacheable by anyone, revalidated with their ETag (304 when unchanged)', async () => {
    const news = await api().get('/api/news').expect(200);
    const config = await api().get('/api/public-config').expect(200);
    expect([news.headers['cache-control'], config.headers['cache-control']]).toEqual(['public, no-cache', 'public, max-age=60']);
    for (const [url, first] of [['/api/news', news], ['/api/public-config', config]] as const) {
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const again = await api().get(url).set('If-None-Match', first.headers.etag).expect(304);
      expect(again.text ?? '').toBe('');
    }
  });

  it('gives per-user answers an ETag too, and no-store', async () => {
    const first = await as(USER)(api().get('/api/users/me')).expect(200);
    expect(first.headers['cache-control']).toBe('no-store');
    await as(USER)(api().get('/api/users/me').set('If-None-Match', first.headers.etag)).expect(304);
  });
});
