// tiers: sqlite, services
import request from 'supertest';
import { AUTH_MESSAGES, MESSAGES, PASSWORD_RULE, PROFILE_MESSAGES } from '@solvr/contracts';
import { DataSource } from 'typeorm';
import { AuthToken } from '@solvr/server-auth';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createTestEnv, TestEnv, TIER, googleFlow as flow, googleSettings, lastMail, linkIn, mailCount, mailSubjects, profilePayload, refreshCookie, signIn, signUpVerified, startOAuthProvider } from '@solvr/server-testing';

/** Makes every link of that purpose already expired. */
async function expireLinks(app: ApiApp, purpose: 'verify-email' | 'reset-password'): Promise<void> {
  await app.get(DataSource).getRepository(AuthToken).update({ purpose }, { expiresAt: new Date(Date.now() - 1000) });
}

const PASSWORD = 'first-pass';
const STRONG = 'New-Passw0rd!';

describe(`accounts (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let mock: Awaited<ReturnType<typeof startOAuthProvider>>;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    t = await createTestEnv();
    mock = await startOAuthProvider();
    app = await createApi(t.config({ ...googleSettings(mock.issuer), THROTTLE_PER_ACCOUNT: '50', THROTTLE_PER_IP: '1000' }));
    await app.init();
  });
  afterAll(async () => {
    mock?.proc.kill();
    await app?.close();
    await t.cleanup();
  });

  describe('sign-up and e-mail verification', () => {
    it('checks blanks and the length with the spec messages', async () => {
      expect((await http().post('/api/auth/signup').send({ email: ' ', password: 'abcdef' }).expect(400)).body.message).toBe(MESSAGES.signup.blank);
      expect((await http().post('/api/auth/signup').send({ email: 'a@b.co' }).expect(400)).body.message).toBe(MESSAGES.signup.blank);
      expect((await http().post('/api/auth/signup').send({ email: 'a@b.co', password: '12345' }).expect(400)).body.message).toBe(MESSAGES.signup.short);
      expect((await http().post('/api/auth/signup').send({ email: 'not-mail', password: '123456' }).expect(400)).body.message).toBe(AUTH_MESSAGES.emailRequired);
    });

    it('creates an unconfirmed account, e-mails a single-use link, and refuses sign-in until confirmed', async () => {
      const email = 'new.user@example.com';
      const res = await http().post('/api/auth/signup').send({ email: 'New.User@example.com', password: PASSWORD }).expect(202);
      expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.signupAccepted });
      const mail = await lastMail(app, email, 'verification');
      expect(mail?.subject).toBe('Confirm your Solvr account');

      const refused = await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(403);
      expect(refused.body.message).toBe(AUTH_MESSAGES.unverified);

      // A resend gives a new link; both are single-use.
      await http().post('/api/auth/resend-verification').send({ email }).expect(202);
      expect(await mailCount(app, email)).toBe(2);
      const link = linkIn((await lastMail(app, email, 'verification'))?.text);
      expect(link.pathname).toBe('/api/auth/verify-email');
      expect((await http().get(link.pathname + link.search).expect(302)).headers.location).toBe('/VerifyYourEmail');
      // Opened again once confirmed, it says so rather than calling the link invalid.
      expect((await http().get(link.pathname + link.search).expect(302)).headers.location).toBe('/VerifyYourEmail?already=1');

      const { user } = await signIn(app, email, PASSWORD);
      expect(user).toMatchObject({ email, role: 'user', profile_completed: false, has_password: true });
    });

    it('keeps a password exactly as typed: spaces at the ends sign in, the trimmed one does not', async () => {
      const email = 'spaced.user@example.com';
      await signUpVerified(app, email, '  spaced pass ');
      const { user } = await signIn(app, email, '  spaced pass ');
      expect(user).toMatchObject({ email });
      await http().post('/api/auth/login').send({ email, password: 'spaced pass' }).expect(401);
    });

    it('expires verification links after 24 hours', async () => {
      const email = 'slow.user@example.com';
      await http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(202);
      const link = linkIn((await lastMail(app, email, 'verification'))?.text);
      await expireLinks(app, 'verify-email');
      expect((await http().get(link.pathname + link.search).expect(302)).headers.location).toBe('/VerifyYourEmail?error=invalid');
    });

    it('answers an already-registered e-mail exactly like a new one, and tells the owner by e-mail', async () => {
      const email = 'taken@example.com';
      await signUpVerified(app, email, PASSWORD);
      const again = await http().post('/api/auth/signup').send({ email, password: 'other-pass' }).expect(202);
      expect(again.body).toEqual({ success: true, message: AUTH_MESSAGES.signupAccepted });
      expect(await mailSubjects(app, email)).toEqual(expect.arrayContaining(['Confirm your Solvr account', 'Your Solvr account']));
      await signIn(app, email, PASSWORD); // the password was not changed
    });

    it('answers resend for an unknown e-mail the same way, sending nothing', async () => {
      const res = await http().post('/api/auth/resend-verification').send({ email: 'ghost@example.com' }).expect(202);
      expect(res.body.message).toBe(AUTH_MESSAGES.resendAccepted);
      expect(await mailCount(app, 'ghost@example.com')).toBe(0);
    });
  });

  describe('password reset', () => {
    const email = 'forgetful@example.com';
    beforeAll(() => signUpVerified(app, email, PASSWORD));

    it('sends a one-hour single-use link, sets a password that meets the sign-up rule, and signs out every session', async () => {
      const before = await signIn(app, email, PASSWORD);
      const unknown = await http().post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(202);
      const known = await http().post('/api/auth/forgot-password').send({ email }).expect(202);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.message).toBe(AUTH_MESSAGES.resetRequested);

      const link = linkIn((await lastMail(app, email, 'password-reset'))?.text);
      expect(link.pathname).toBe('/ResetPassword');
      const token = link.searchParams.get('token');
      const weak = await http().post('/api/auth/reset-password').send({ token, password: 'weak5' }).expect(400);
      expect(weak.body.message).toBe(MESSAGES.signup.short);
      await http().post('/api/auth/reset-password').send({ token, password: STRONG }).expect(200);
      const reused = await http().post('/api/auth/reset-password').send({ token, password: STRONG }).expect(400);
      expect(reused.body.message).toBe(AUTH_MESSAGES.linkInvalid);

      await http().post('/api/auth/refresh').set('Cookie', before.cookie).expect(401);
      await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
      await signIn(app, email, STRONG);
    });

    it('refuses an expired reset link', async () => {
      const late = 'late@example.com';
      await signUpVerified(app, late, PASSWORD);
      await http().post('/api/auth/forgot-password').send({ email: late }).expect(202);
      const token = linkIn((await lastMail(app, late, 'password-reset'))?.text).searchParams.get('token');
      await expireLinks(app, 'reset-password');
      expect((await http().post('/api/auth/reset-password').send({ token, password: STRONG }).expect(400)).body.message).toBe(AUTH_MESSAGES.linkInvalid);
    });
  });

  describe("one password rule for sign-up, change and reset: the spec's 6 characters", () => {
    const SIX = 'abcdef';
    const FIVE = 'abcde';

    it('resets to a 6-character password and refuses a 5-character one with the sign-up message', async () => {
      const email = 'six.reset@example.com';
      await signUpVerified(app, email, PASSWORD);
      await http().post('/api/auth/forgot-password').send({ email }).expect(202);
      const token = linkIn((await lastMail(app, email, 'password-reset'))?.text).searchParams.get('token');
      const short = await http().post('/api/auth/reset-password').send({ token, password: FIVE }).expect(400);
      expect(short.body.message).toBe('Passwords must be at least 6 characters long!');
      expect(short.body.message).toBe(PASSWORD_RULE.message);
      // The refusal leaves the link usable.
      await http().post('/api/auth/reset-password').send({ token, password: SIX }).expect(200);
      await signIn(app, email, SIX);
    });

    it('changes to a 6-character password and refuses a 5-character one with the sign-up message', async () => {
      const email = 'six.change@example.com';
      await signUpVerified(app, email, PASSWORD);
      const auth = { Authorization: `Bearer ${(await signIn(app, email, PASSWORD)).token}` };
      const short = await http().post('/api/users/me/password').set(auth).send({ current_password: PASSWORD, password: FIVE }).expect(400);
      expect(short.body.message).toBe('Passwords must be at least 6 characters long!');
      expect(short.body.message).toBe(PASSWORD_RULE.message);
      await http().post('/api/users/me/password').set(auth).send({ current_password: PASSWORD, password: SIX }).expect(200);
      await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
      await signIn(app, email, SIX);
    });

    it('signs up with 6 characters and refuses 5, with the same message', async () => {
      expect((await http().post('/api/auth/signup').send({ email: 'six.signup@example.com', password: FIVE }).expect(400)).body.message).toBe(PASSWORD_RULE.message);
      await signUpVerified(app, 'six.signup@example.com', SIX);
      await signIn(app, 'six.signup@example.com', SIX);
    });
  });

  describe('complete profile', () => {
    const email = 'profile@example.com';
    let session: Awaited<ReturnType<typeof signIn>>;
    const payload = profilePayload;
    beforeAll(async () => {
      await signUpVerified(app, email, PASSWORD);
      session = await signIn(app, email, PASSWORD);
    });

    it('runs the shared rules on the server and answers every field error', async () => {
      const res = await http()
        .put('/api/users/me/profile')
        .set('Authorization', `Bearer ${session.token}`)
        .send(payload(session.user.id as string, { full_name: 'Ada', city: 'Paris 5', state_province: 'Ontario', postal_code: '1', phone: '+1123', country: 'United States' }))
        .expect(400);
      expect(res.body).toEqual({
        message: PROFILE_MESSAGES.invalidForm,
        statusCode: 400,
        error: 'Bad Request',
        errors: {
          last_name: PROFILE_MESSAGES.lastName,
          city: PROFILE_MESSAGES.cityChars,
          state_province: PROFILE_MESSAGES.stateInvalid,
          postal_code: PROFILE_MESSAGES.postalLength,
          phone: PROFILE_MESSAGES.phoneShort,
        },
      });
      const badCountry = await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send(payload(session.user.id as string, { country: 'Atlantis' })).expect(400);
      expect(badCountry.body.errors.country).toBe(PROFILE_MESSAGES.countryInvalid);
    });

    it("refuses to update someone else's profile", async () => {
      await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send(payload('someone-else')).expect(403);
    });

    it('saves the spec payload and marks the profile complete', async () => {
      const res = await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send(payload(session.user.id as string)).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.profile).toMatchObject({ full_name: 'Ada Lovelace', phone: '+15551234567', state_province: 'California', profile_completed: true });
      const me = await http().get('/api/users/me').set('Authorization', `Bearer ${session.token}`).expect(200);
      expect(me.body.profile_completed).toBe(true);
    });

    it('takes a payload without the optional fields (street address line 2, company, job title) as empty ones', async () => {
      const { street_address_2: _line2, company: _company, job_title: _job, ...required } = payload(session.user.id as string);
      const res = await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send(required).expect(200);
      expect(res.body.profile).toMatchObject({ street_address_2: null, company: null, job_title: null, profile_completed: true });
      // A field that is there is still checked.
      const long = await http().put('/api/users/me/profile').set('Authorization', `Bearer ${session.token}`).send({ ...required, company: 'x'.repeat(500) }).expect(400);
      expect(long.body.message).toMatch(/^Company must be at most \d+ characters\.$/);
    });
  });

  describe('Google sign-in (OAuth 2.0 against a local provider)', () => {
    const googleFlow = () => flow(app, '/api/auth/google?returnTo=/Downloads');

    it('creates an account without a password and sends it to CompleteProfile?hasPassword=no', async () => {
      await mock.as({ sub: 'g-100', email: 'googler@example.com', email_verified: true, name: 'Goo Gler' });
      const res = await googleFlow();
      expect(res.headers.location).toBe('/CompleteProfile?hasPassword=no');
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', refreshCookie(res)).expect(200);
      expect(refreshed.body.user).toMatchObject({ email: 'googler@example.com', has_password: false, profile_completed: false });
      const user = await app.get(UsersService).findByEmail('googler@example.com');
      expect(user).toMatchObject({ googleId: 'g-100', emailVerified: true });
      expect(user?.lastLogin).toBeInstanceOf(Date);
    });

    it('links an existing account only when the provider says the e-mail is verified', async () => {
      const email = 'both@example.com';
      await signUpVerified(app, email, PASSWORD);
      await mock.as({ sub: 'g-200', email, email_verified: false });
      expect((await googleFlow()).headers.location).toBe('/Signin?error=google-unverified');
      expect((await app.get(UsersService).findByEmail(email))?.googleId).toBeNull();

      await mock.as({ sub: 'g-200', email, email_verified: true });
      expect((await googleFlow()).headers.location).toBe('/CompleteProfile?hasPassword=yes');
      expect((await app.get(UsersService).findByEmail(email))?.googleId).toBe('g-200');
    });

    it('takes an admin whose profile is incomplete where they were going, not to Complete Profile (issue 29)', async () => {
      const email = 'console.admin@example.com';
      await signUpVerified(app, email, PASSWORD);
      await app.get(DataSource).query("UPDATE users SET role = 'admin', profile_completed = ? WHERE email = ?", [false, email]);
      await mock.as({ sub: 'g-300', email, email_verified: true });
      expect((await flow(app, '/api/auth/google?returnTo=/Admin')).headers.location).toBe('/Admin');
    });

    it('refuses a callback whose state does not match', async () => {
      const res = await http().get('/api/auth/google/callback?code=abc&state=forged').expect(302);
      expect(res.headers.location).toBe('/Signin?error=google');
    });
  });

  describe('roles', () => {
    it('admin routes answer 401 signed out, 403 for a user, 200 for an admin', async () => {
      await http().get('/api/admin/summary').expect(401);
      await signUpVerified(app, 'plain@example.com', PASSWORD);
      const user = await signIn(app, 'plain@example.com', PASSWORD);
      const denied = await http().get('/api/admin/summary').set('Authorization', `Bearer ${user.token}`).expect(403);
      expect(denied.body).toEqual({ message: 'This action needs the admin role.', statusCode: 403, error: 'Forbidden' });

      await app.get(UsersService).createOrPromoteAdmin('plain@example.com');
      // The role is read from the database on each call: the same token now passes.
      const ok = await http().get('/api/admin/summary').set('Authorization', `Bearer ${user.token}`).expect(200);
      expect(ok.body.admins).toBeGreaterThanOrEqual(1);
      expect(ok.body.total_users).toBeGreaterThan(ok.body.admins);
    });
  });
});

describe(`throttling (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config({ THROTTLE_PER_ACCOUNT: '3', THROTTLE_PER_IP: '8' }));
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  it('answers 429 with Retry-After per account, then per IP', async () => {
    const http = request(app.getHttpServer());
    for (let i = 0; i < 3; i++) await http.post('/api/auth/login').send({ email: 'victim@example.com', password: 'guess' + i }).expect(401);
    const blocked = await http.post('/api/auth/login').send({ email: 'victim@example.com', password: 'guess' }).expect(429);
    expect(blocked.body).toEqual({ message: AUTH_MESSAGES.throttled, statusCode: 429, error: 'Too Many Requests' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts from the same address still get through until the per-IP budget is spent.
    for (let i = 0; i < 4; i++) await http.post('/api/auth/login').send({ email: `other${i}@example.com`, password: 'x' }).expect(401);
    await http.post('/api/auth/login').send({ email: 'fresh@example.com', password: 'x' }).expect(429);
  });
});
