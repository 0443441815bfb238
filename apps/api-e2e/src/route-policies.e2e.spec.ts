// tiers: sqlite
import request from 'supertest';
import { type ApiApp, createApi, signIn, createAccount, registeredRoutes, createTestEnv, TestEnv } from '@solvr/server-testing';

/**
 * Every route and who may call it (the payments webhook is public: Stripe signs each event, and the route refuses
 * any without a valid signature; the platform layer's /api/apps/:appId routes are public to this guard because
 * anonymous callers read published records there: its PlatformGuard works out the caller and every entity, integration
 * and function applies the site's rules, see platform.e2e.spec.ts), and `no-store` where it is marked @NoStore, as a
 * route whose answers name a person must be (no-store.e2e.spec.ts checks the header). A new route changes this table,
 * so its access policy and caching are reviewed: routes without a decorator default to signed-in, never to public.
 */
const EXPECTED = [
  'DELETE /api/admin/deploy-tokens/:id role:admin no-store',
  'DELETE /api/admin/files/:id role:admin no-store',
  'DELETE /api/admin/news/:id role:admin',
  'DELETE /api/admin/saved-searches/:id role:admin no-store',
  'DELETE /api/apps/:appId/entities/:entity public no-store',
  'DELETE /api/apps/:appId/entities/:entity/:id public no-store',
  'GET /api/admin/audit role:admin no-store',
  'GET /api/admin/deploy-tokens role:admin no-store',
  'GET /api/admin/files role:admin no-store',
  'GET /api/admin/files/:id/url role:admin no-store',
  'GET /api/admin/files/limits role:admin no-store',
  'GET /api/admin/files/stats role:admin no-store',
  'GET /api/admin/mail/campaigns role:admin no-store',
  'GET /api/admin/mail/campaigns/:id role:admin no-store',
  'GET /api/admin/mail/recipients role:admin no-store',
  'GET /api/admin/mail/recipients/ids role:admin no-store',
  'GET /api/admin/mail/segments role:admin no-store',
  'GET /api/admin/news role:admin',
  'GET /api/admin/news/:id role:admin',
  'GET /api/admin/payments/files/:fileId role:admin no-store',
  'GET /api/admin/payments/revenue role:admin no-store',
  'GET /api/admin/release-channels role:admin no-store',
  'GET /api/admin/releases role:admin no-store',
  'GET /api/admin/releases/activity role:admin no-store',
  'GET /api/admin/releases/files/:id role:admin no-store',
  'GET /api/admin/saved-searches role:admin no-store',
  'GET /api/admin/summary role:admin no-store',
  'GET /api/admin/users role:admin no-store',
  'GET /api/admin/users/:id role:admin no-store',
  'GET /api/admin/users/:id/downloads role:admin no-store',
  'GET /api/admin/users/:id/purchases role:admin no-store',
  'GET /api/admin/users/export.csv role:admin no-store',
  'GET /api/admin/users/pick role:admin no-store',
  'GET /api/admin/users/signups role:admin no-store',
  'GET /api/apps/:appId/auth/sso/accesstoken/:userid public no-store',
  'GET /api/apps/:appId/entities/:entity public no-store',
  'GET /api/apps/:appId/entities/:entity/:id public no-store',
  'GET /api/apps/:appId/entities/User/me public no-store',
  'GET /api/apps/:appId/files/:id/download public no-store',
  'GET /api/auth/google public no-store',
  'GET /api/auth/google/callback public no-store',
  'GET /api/auth/verify-email public no-store',
  'GET /api/docs public',
  'GET /api/docs/:asset public',
  'GET /api/download public',
  'GET /api/files signed-in',
  'GET /api/files/:id signed-in',
  'GET /api/files/summary signed-in',
  'GET /api/health public',
  'GET /api/health/live public',
  'GET /api/mail/subscription public no-store',
  'GET /api/news public',
  'GET /api/news/:ref public',
  'GET /api/openapi.json public',
  'GET /api/payments/sessions/:sessionId signed-in',
  'GET /api/public-config public',
  'GET /api/releases signed-in',
  'GET /api/releases/:channel/:feed public',
  'GET /api/releases/history public',
  'GET /api/update/:platform/:version public',
  'GET /api/update/win32/:version/RELEASES public',
  'GET /api/updates/:file public',
  'GET /api/users/me signed-in no-store',
  'GET /api/users/me/profile signed-in no-store',
  'GET /atom.xml public',
  'GET /downloads/:name public',
  'GET /robots.txt public',
  'GET /rss.xml public',
  'GET /sitemap.xml public',
  'PATCH /api/admin/files/:id role:admin no-store',
  'PATCH /api/admin/news/:id role:admin',
  'PATCH /api/admin/releases/:id role:admin no-store',
  'PATCH /api/admin/users/:id/role role:admin no-store',
  'POST /api/admin/deploy-tokens role:admin no-store',
  'POST /api/admin/files role:admin no-store',
  'POST /api/admin/mail/audience role:admin no-store',
  'POST /api/admin/mail/campaigns role:admin no-store',
  'POST /api/admin/mail/campaigns/:id/retry role:admin no-store',
  'POST /api/admin/mail/campaigns/test role:admin no-store',
  'POST /api/admin/mail/preview role:admin no-store',
  'POST /api/admin/mail/test role:admin no-store',
  'POST /api/admin/news role:admin',
  'POST /api/admin/release-channels role:admin no-store',
  'POST /api/admin/saved-searches role:admin no-store',
  'POST /api/apps/:appId/auth/login public no-store',
  'POST /api/apps/:appId/entities/:entity public no-store',
  'POST /api/apps/:appId/entities/:entity/bulk public no-store',
  'POST /api/apps/:appId/entities/:entity/import public no-store',
  'POST /api/apps/:appId/functions/:name public no-store',
  'POST /api/apps/:appId/integration-endpoints/Core/:name public no-store',
  'POST /api/apps/:appId/integration-endpoints/installable/:pkg/integration-endpoints/:name public no-store',
  'POST /api/auth/forgot-password public no-store',
  'POST /api/auth/login public no-store',
  'POST /api/auth/logout public no-store',
  'POST /api/auth/refresh public no-store',
  'POST /api/auth/resend-verification public no-store',
  'POST /api/auth/reset-password public no-store',
  'POST /api/auth/signup public no-store',
  'POST /api/contact signed-in',
  'POST /api/files/:id/checkout signed-in',
  'POST /api/files/:id/download signed-in',
  'POST /api/mail/subscribe public no-store',
  'POST /api/mail/unsubscribe public no-store',
  'POST /api/payments/webhook public',
  'POST /api/releases/notify signed-in',
  'POST /api/releases/publish public no-store',
  'POST /api/users/me/password signed-in no-store',
  'PUT /api/admin/news/:id role:admin',
  'PUT /api/apps/:appId/entities/:entity/:id public no-store',
  'PUT /api/apps/:appId/entities/User/me public no-store',
  'PUT /api/users/me/profile signed-in no-store',
];

describe('route access policies', () => {
  let t: TestEnv;
  let app: ApiApp;
  beforeAll(async () => {
    t = await createTestEnv('sqlite');
    app = await createApi(t.config());
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  /** Every registered route as 'METHOD /path policy[ no-store]'. */
  const registered = (): string[] => registeredRoutes(app).map((r) => `${r.route} ${r.policy}${r.noStore ? ' no-store' : ''}`).sort();

  it('lists every route with its declared policy, and those whose answers are not stored', () => {
    expect(registered()).toEqual(EXPECTED);
  });

  it('answers 401 to an anonymous caller and 403 to a user on every admin route, as registered', async () => {
    await createAccount(app, 'policy.user@policies.test', 'policy-pass-1');
    const { token } = await signIn(app, 'policy.user@policies.test', 'policy-pass-1');
    const admin = registered().filter((r) => r.includes(' /api/admin'));
    expect(admin.length).toBeGreaterThan(20);
    for (const route of admin) {
      const [method, template] = route.split(' ');
      const path = template.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const call = () => (request(app.getHttpServer()) as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()](path);
      expect({ route, status: (await call().send({})).status }).toEqual({ route, status: 401 });
      expect({ route, status: (await call().set('Authorization', `Bearer ${token}`).send({})).status }).toEqual({ route, status: 403 });
    }
  });
});
