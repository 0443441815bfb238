// tiers: sqlite, services
import request from 'supertest';
import { AUTH_MESSAGES, MESSAGES } from '@solvr/contracts';
import { Passwords, UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createTestEnv, TestEnv, TIER, fakeWebDist, HASHED_CHUNK, googleFlow as flow, googleSettings, lastMail, linkIn, refreshCookie, signIn, signUpVerified, startOAuthProvider } from '@solvr/server-testing';

const PASSWORD = 'first-pass';
const STRONG = 'New-Passw0rd!';

describe(`account security (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let mock: Awaited<ReturnType<typeof startOAuthProvider>>;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    t = await createTestEnv();
    mock = await startOAuthProvider();
    app = await createApi(
      t.config({ ...googleSettings(mock.issuer), THROTTLE_PER_ACCOUNT: '3', THROTTLE_PER_IP: '1000', WEB_DIST_DIR: fakeWebDist(), NODE_ENV: 'production', JWT_SECRET: 'a-test-only-signing-key-of-48-characters-long!!' }),
    );
  });
  afterAll(async () => {
    mock?.proc.kill();
    await app?.close();
    await t.cleanup();
  });

  const googleFlow = () => flow(app);

  describe('Google sign-in', () => {
    it("takes over an unconfirmed account: the pre-registered password and sessions are discarded", async () => {
      const victim = 'victim@example.com';
      // The attacker registers the victim's address with their own password and never confirms it.
      await http().post('/api/auth/signup').send({ email: victim, password: 'attacker-pass' }).expect(202);
      await mock.as({ sub: 'g-victim', email: victim, email_verified: true });
      expect((await googleFlow()).headers.location).toBe('/CompleteProfile?hasPassword=no');
      // The attacker's password no longer signs in (it is gone, not merely unverified).
      await http().post('/api/auth/login').send({ email: victim, password: 'attacker-pass' }).expect(401);
      const user = await app.get(UsersService).findWithPasswordHash({ email: victim });
      expect(user).toMatchObject({ googleId: 'g-victim', emailVerified: true, passwordHash: null });
    });

    it('gives no session to an identity whose e-mail the provider has not verified', async () => {
      await mock.as({ sub: 'g-unverified', email: 'fresh.unverified@example.com', email_verified: false });
      const res = await googleFlow();
      expect(res.headers.location).toBe('/Signin?error=google-unverified');
      expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('solvr_refresh=');
      expect(await app.get(UsersService).findByEmail('fresh.unverified@example.com')).toBeNull();
    });
  });

  describe('timing', () => {
    afterEach(() => jest.restoreAllMocks());

    it('runs argon2 for an unknown e-mail at sign-in, as for a known one', async () => {
      const verify = jest.spyOn(app.get(Passwords), 'verify');
      await http().post('/api/auth/login').send({ email: 'nobody.here@example.com', password: 'whatever-1' }).expect(401);
      expect(verify).toHaveBeenCalledTimes(1);
    });

    it('hashes the password at sign-up even when the e-mail is taken', async () => {
      await signUpVerified(app, 'taken@example.com', PASSWORD);
      const hash = jest.spyOn(app.get(Passwords), 'hash');
      await http().post('/api/auth/signup').send({ email: 'taken@example.com', password: 'another-pass' }).expect(202);
      expect(hash).toHaveBeenCalledTimes(1);
    });
  });

  describe('overload', () => {
    it('refuses sign-ins beyond the short queue at once with 503, Retry-After and a sentence saying to try again', async () => {
      // Unknown addresses: each still costs a full argon2 check (see timing), and no account's throttle is spent.
      const tries = await Promise.all(Array.from({ length: 24 }, (_, i) => http().post('/api/auth/login').send({ email: `crowd${i}@example.com`, password: 'whatever-1' })));
      const refused = tries.filter((r) => r.status === 503);
      expect(tries.filter((r) => r.status !== 503 && r.status !== 401)).toEqual([]);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.body).toMatchObject({ statusCode: 503, message: AUTH_MESSAGES.busy });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The queue drains: the next sign-in is checked as usual.
      await http().post('/api/auth/login').send({ email: 'crowd0@example.com', password: 'whatever-1' }).expect(401);
    });
  });

  describe('passwords', () => {
    const email = 'changer@example.com';
    let session: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      await signUpVerified(app, email, PASSWORD);
      session = await signIn(app, email, PASSWORD);
    });

    it('refuses a password in the profile when the account already has one', async () => {
      const body = {
        userid: session.user.id,
        full_name: 'Chang Er',
        phone: '+1 5551234567',
        password: STRONG,
        street_address_1: '1 Main Street',
        street_address_2: '',
        city: 'Springfield',
        state_province: 'Illinois',
        postal_code: '62701',
        country: 'United States',
        company: '',
        job_title: '',
        profile_completed: true,
      };
      const res = await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send(body).expect(400);
      expect(res.body.message).toBe(AUTH_MESSAGES.passwordAlreadySet);
      await signIn(app, email, PASSWORD);
    });

    it('changes a password only with the current one; other sessions and older access tokens end', async () => {
      const other = await signIn(app, email, PASSWORD);
      const auth = { Authorization: `Bearer ${session.token}` };
      expect((await http().post('/api/users/me/password').set(auth).send({ password: STRONG }).expect(400)).body.message).toBe(AUTH_MESSAGES.currentPasswordRequired);
      expect((await http().post('/api/users/me/password').set(auth).send({ current_password: 'wrong', password: STRONG }).expect(400)).body.message).toBe(
        AUTH_MESSAGES.currentPasswordWrong,
      );
      const changed = await http().post('/api/users/me/password').set(auth).send({ current_password: PASSWORD, password: STRONG }).expect(200);
      expect(changed.body.message).toBe(AUTH_MESSAGES.passwordChanged);

      await http().get('/api/users/me').set(auth).expect(401);
      await http().get('/api/users/me').set('Authorization', `Bearer ${other.token}`).expect(401);
      await http().post('/api/auth/refresh').set('Cookie', other.cookie).expect(401);
      // This browser carries on with the new session it was given.
      await http().get('/api/users/me').set('Authorization', `Bearer ${changed.body.access_token}`).expect(200);
      await http().post('/api/auth/refresh').set('Cookie', refreshCookie(changed)).expect(200);
      await signIn(app, email, STRONG);
    });
  });

  describe('login CSRF', () => {
    it('accepts JSON only on the sign-in and session routes', async () => {
      const res = await http().post('/api/auth/login').type('form').send({ email: 'a@example.com', password: 'x' }).expect(415);
      expect(res.body.message).toBe(AUTH_MESSAGES.jsonOnly);
    });

    it('refuses a foreign Origin and a cross-site fetch', async () => {
      const body = { email: 'a@example.com', password: 'whatever' };
      expect((await http().post('/api/auth/login').set('Origin', 'https://evil.example').send(body).expect(403)).body.message).toBe(AUTH_MESSAGES.crossSite);
      await http().post('/api/auth/login').set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
      await http().post('/api/auth/login').set('Origin', 'http://localhost:3000').set('Sec-Fetch-Site', 'same-origin').send(body).expect(401);
    });
  });

  describe('hostile input gets a clear 4xx', () => {
    it.each(['/remotes/marketing/missing.js', '/remotes/marketing/../../etc/passwd', '/remotes/marketing/%2e%2e/%2e%2e/package.json', '/remotes/admin/x%00.js'])(
      '%s is not found',
      async (path) => {
        const res = await http().get(path);
        expect([400, 404]).toContain(res.status);
      },
    );

    it('answers a missing file such as /favicon.ico with 404, not the page', async () => {
      await http().get('/favicon.ico').expect(404);
      await http().get('/Dashboard').expect(200);
    });

    it('serves the remotes and hides source maps in production', async () => {
      await http().get('/remotes/marketing/remoteEntry.js').expect(200);
      await http().get(`/${HASHED_CHUNK}`).expect(200);
      await http().get(`/${HASHED_CHUNK}.map`).expect(404);
    });

    it('treats a JSON-looking refresh cookie as no session', async () => {
      await http().post('/api/auth/refresh').set('Cookie', 'solvr_refresh=j:{"a":1}').expect(401);
      await http().post('/api/auth/logout').set('Cookie', 'solvr_refresh=j:{"a":1}').expect(204);
    });

    it('answers a repeated token parameter as an invalid link', async () => {
      expect((await http().get('/api/auth/verify-email?token=a&token=b').expect(302)).headers.location).toBe('/VerifyYourEmail?error=invalid');
    });

    it('refuses deeply nested JSON before validating it', async () => {
      const deep = '['.repeat(1500) + ']'.repeat(1500);
      const res = await http().post('/api/auth/login').set('Content-Type', 'application/json').send(deep).expect(400);
      expect(res.body.message).toBe(MESSAGES.http.tooDeep(32));
    });

    it('refuses a full name longer than its column, on every database', async () => {
      const s = await signIn(app, 'taken@example.com', PASSWORD);
      const res = await http()
        .put('/api/users/me/profile')
        .set('Authorization', `Bearer ${s.token}`)
        .send({ userid: s.user.id, full_name: 'A '.repeat(150), phone: '+1 5551234567', street_address_1: '1 Main Street', street_address_2: '', city: 'Springfield', state_province: 'Illinois', postal_code: '62701', country: 'United States', company: '', job_title: '', profile_completed: true })
        .expect(400);
      expect(res.body.message).toBe('Full name must be at most 200 characters.');
    });

    it.each(['"v@x"@example.com', 'a,v@example.com', 'x<y@evil.example>'])('refuses the e-mail spelling %s at sign-up', async (email) => {
      expect((await http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(400)).body.message).toBe(AUTH_MESSAGES.emailRequired);
    });
  });

  describe('throttling', () => {
    it('spends the sign-in budget on failures only', async () => {
      await signUpVerified(app, 'steady@example.com', PASSWORD);
      for (let i = 0; i < 5; i++) await signIn(app, 'steady@example.com', PASSWORD);
      for (let i = 0; i < 3; i++) await http().post('/api/auth/login').send({ email: 'steady@example.com', password: 'wrong-one' }).expect(401);
      await http().post('/api/auth/login').send({ email: 'steady@example.com', password: PASSWORD }).expect(429);
    });

    it('believes X-Forwarded-For only from TRUSTED_PROXIES', async () => {
      const spoof = (a: ApiApp, i: number) => request(a.getHttpServer()).post('/api/auth/forgot-password').set('X-Forwarded-For', `203.0.113.${i}`).send({ email: 'x@example.com' });
      for (const [proxies, third] of [['', 429], ['loopback', 202]] as const) {
        const env = await createTestEnv('sqlite');
        const other = await createApi(env.config({ THROTTLE_PER_IP: '2', TRUSTED_PROXIES: proxies }));
        try {
          expect([(await spoof(other, 1)).status, (await spoof(other, 2)).status, (await spoof(other, 3)).status]).toEqual([202, 202, third]);
        } finally {
          await other.close();
          await env.cleanup();
        }
      }
    });
  });

  describe('tokens and headers', () => {
    it('refuses an unsigned token and one without an expiry', async () => {
      const me = await signIn(app, 'taken@example.com', PASSWORD);
      const [header, payload] = me.token.split('.');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      await http().get('/api/users/me').set('Authorization', `Bearer ${none}.${payload}.`).expect(401);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      delete claims.exp;
      const noExp = Buffer.from(JSON.stringify(claims)).toString('base64url');
      await http().get('/api/users/me').set('Authorization', `Bearer ${header}.${noExp}.${me.token.split('.')[2]}`).expect(401);
    });

    it('sends security headers on API answers and pages', async () => {
      const api = await http().get('/api/public-config').expect(200);
      expect(api.headers['content-security-policy']).toContain("default-src 'none'");
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(api.headers['strict-transport-security']).toBeUndefined();
      const page = await http().get('/Dashboard').set('Accept', 'text/html').expect(200);
      const csp = page.headers['content-security-policy'];
      expect(csp).toMatch(/script-src 'self'(;| )/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
      // A script keeps nosniff and its resource policy; headers only a document acts on are left off it.
      const script = await http().get('/remotes/marketing/remoteEntry.js').expect(200);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(script.headers[name]).toBeUndefined();
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });

  it('says a confirmation link was already used on a confirmed account', async () => {
    await http().post('/api/auth/signup').send({ email: 'twice@example.com', password: PASSWORD }).expect(202);
    const link = linkIn((await lastMail(app, 'twice@example.com', 'verification'))?.text);
    expect((await http().get(link.pathname + link.search).expect(302)).headers.location).toBe('/VerifyYourEmail');
    expect((await http().get(link.pathname + link.search).expect(302)).headers.location).toBe('/VerifyYourEmail?already=1');
  });
});
