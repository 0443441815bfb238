// tiers: sqlite
import request from 'supertest';
import { type ApiApp, createApi, signIn, createAccount, registeredRoutes, createTestEnv, TestEnv } from '@solvr/server-testing';

/**
 * Every route and who may call it (the payments webhook is public: Stripe signs each event, and the route refuses
 * any without a valid signature; the platform layer's /api/apps/:appId routes are public to this guard because
 * anonymous callers read published records there: its PlatformGuard works out the caller and every entity, integration
 * and function applies the site's rules, see platform.e2e.spec.ts). A new route changes this table, so its access policy is
 * reviewed: routes without a decorator default to signed-in, never to public.
 */
const EXPECTED = [
  'DELETE /api/admin/files/:id role:admin',
  'DELETE /api/admin/news/:id role:admin',
  'DELETE /api/apps/:appId/entities/:entity public',
  'DELETE /api/apps/:appId/entities/:entity/:id public',
  'GET /api/admin/audit role:admin',
  'GET /api/admin/files role:admin',
  'GET /api/admin/files/:id/url role:admin',
  'GET /api/admin/files/limits role:admin',
  'GET /api/admin/files/stats role:admin',
  'GET /api/admin/mail/campaigns role:admin',
  'GET /api/admin/mail/campaigns/:id role:admin',
  'GET /api/admin/mail/recipients role:admin',
  'GET /api/admin/news role:admin',
  'GET /api/admin/news/:id role:admin',
  'GET /api/admin/payments/files/:fileId role:admin',
  'GET /api/admin/payments/revenue role:admin',
  'GET /api/admin/summary role:admin',
  'GET /api/admin/users role:admin',
  'GET /api/admin/users/export.csv role:admin',
  'GET /api/admin/users/pick role:admin',
  'GET /api/admin/users/signups role:admin',
  'GET /api/apps/:appId/auth/sso/accesstoken/:userid public',
  'GET /api/apps/:appId/entities/:entity public',
  'GET /api/apps/:appId/entities/:entity/:id public',
  'GET /api/apps/:appId/entities/User/me public',
  'GET /api/apps/:appId/files/:id/download public',
  'GET /api/auth/google public',
  'GET /api/auth/google/callback public',
  'GET /api/auth/verify-email public',
  'GET /api/download public',
  'GET /api/files signed-in',
  'GET /api/files/:id signed-in',
  'GET /api/files/summary signed-in',
  'GET /api/health public',
  'GET /api/health/live public',
  'GET /api/mail/subscription public',
  'GET /api/news public',
  'GET /api/news/:ref public',
  'GET /api/payments/sessions/:sessionId signed-in',
  'GET /api/public-config public',
  'GET /api/releases signed-in',
  'GET /api/releases/:channel/:feed public',
  'GET /api/users/me signed-in',
  'GET /api/users/me/profile signed-in',
  'GET /atom.xml public',
  'GET /downloads/:name public',
  'GET /robots.txt public',
  'GET /rss.xml public',
  'GET /sitemap.xml public',
  'PATCH /api/admin/files/:id role:admin',
  'PATCH /api/admin/news/:id role:admin',
  'PATCH /api/admin/users/:id/role role:admin',
  'POST /api/admin/files role:admin',
  'POST /api/admin/mail/campaigns role:admin',
  'POST /api/admin/mail/campaigns/:id/retry role:admin',
  'POST /api/admin/mail/preview role:admin',
  'POST /api/admin/mail/test role:admin',
  'POST /api/admin/news role:admin',
  'POST /api/apps/:appId/auth/login public',
  'POST /api/apps/:appId/entities/:entity public',
  'POST /api/apps/:appId/entities/:entity/bulk public',
  'POST /api/apps/:appId/entities/:entity/import public',
  'POST /api/apps/:appId/functions/:name public',
  'POST /api/apps/:appId/integration-endpoints/Core/:name public',
  'POST /api/apps/:appId/integration-endpoints/installable/:pkg/integration-endpoints/:name public',
  'POST /api/auth/forgot-password public',
  'POST /api/auth/login public',
  'POST /api/auth/logout public',
  'POST /api/auth/refresh public',
  'POST /api/auth/resend-verification public',
  'POST /api/auth/reset-password public',
  'POST /api/auth/signup public',
  'POST /api/contact signed-in',
  'POST /api/files/:id/checkout signed-in',
  'POST /api/files/:id/download signed-in',
  'POST /api/mail/subscribe public',
  'POST /api/mail/unsubscribe public',
  'POST /api/payments/webhook public',
  'POST /api/releases/notify signed-in',
  'POST /api/users/me/password signed-in',
  'PUT /api/admin/news/:id role:admin',
  'PUT /api/apps/:appId/entities/:entity/:id public',
  'PUT /api/apps/:appId/entities/User/me public',
  'PUT /api/users/me/profile signed-in',
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

  /** Every registered route as 'METHOD /path policy'. */
  const registered = (): string[] => registeredRoutes(app).map((r) => `${r.route} ${r.policy}`).sort();

  it('lists every route with its declared policy', () => {
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
