// tiers: sqlite, services
import request from 'supertest';
import { createHash, randomBytes, randomUUID } from 'crypto';
import { DataSource, IsNull, Not } from 'typeorm';
import { AuthSession, ROTATION_GRACE_MS } from '@solvr/server-auth';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createTestEnv, TestEnv, TIER, refreshCookie } from '@solvr/server-testing';


describe(`sessions (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  const email = 'member@example.com';
  const password = 'Correct-Horse-9';

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config());
    await app.init();
    await app.get(UsersService).createOrPromoteAdmin(email, password);
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  const login = () => request(app.getHttpServer()).post('/api/auth/login').send({ email, password }).expect(200);

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await request(app.getHttpServer()).post('/api/auth/login').send({ email, password: 'nope' }).expect(401);
    const unknown = await request(app.getHttpServer()).post('/api/auth/login').send({ email: 'x@example.com', password }).expect(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', statusCode: 401, error: 'Unauthorized' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the body with a readable 400', async () => {
    const res = await request(app.getHttpServer()).post('/api/auth/login').send({ email: 'not-an-email', password }).expect(400);
    expect(res.body.message).toBe('Please enter a valid e-mail address.');
  });

  it('signs in with an httpOnly refresh cookie, sets last_login and serves /api/users/me', async () => {
    const res = await login();
    const setCookie = ([] as string[]).concat(res.headers['set-cookie']).join(';');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(res.body.user).toMatchObject({ email, role: 'admin' });
    const me = await request(app.getHttpServer()).get('/api/users/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    expect(me.body.email).toBe(email);
    const user = await app.get(UsersService).findByEmail(email);
    expect(user?.lastLogin).toBeInstanceOf(Date);
  });

  it('needs a token for /api/users/me', async () => {
    const res = await request(app.getHttpServer()).get('/api/users/me').expect(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', statusCode: 401, error: 'Unauthorized' });
    await request(app.getHttpServer()).get('/api/users/me').set('Authorization', 'Bearer forged.token.here').expect(401);
  });

  it('rotates the refresh token; replaying a rotated one revokes the whole family', async () => {
    const first = refreshCookie(await login());
    const rotated = await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', first).expect(200);
    const second = refreshCookie(rotated);
    expect(second).not.toBe(first);
    expect(rotated.body.access_token).toEqual(expect.any(String));

    // Past the few seconds a concurrent tab may still present it, the old token is a replay.
    await app.get(DataSource).getRepository(AuthSession).update({ rotatedAt: Not(IsNull()) }, { rotatedAt: new Date(Date.now() - ROTATION_GRACE_MS - 1000) });
    const replay = await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', first).expect(401);
    expect(replay.body.message).toBe('Your session has expired. Please sign in again.');
    // The family is revoked: the legitimate newer token is refused too.
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', second).expect(401);
  });

  it('rotates a token issued before tokens named their user and family; a token with another user or family in it is refused', async () => {
    const sessions = app.get(DataSource).getRepository(AuthSession);
    const userId = (await app.get(UsersService).findByEmail(email))?.id as string;
    const legacy = randomBytes(32).toString('base64url');
    const familyId = randomUUID();
    const now = Date.now();
    await sessions.insert({ id: randomUUID(), userId, familyId, tokenHash: createHash('sha256').update(legacy).digest('hex'), expiresAt: new Date(now + 60_000), createdDate: new Date(now) });
    const rotated = await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', `solvr_refresh=${legacy}`).expect(200);
    const named = refreshCookie(rotated);
    const [userPart, familyPart, secret] = named.split('=')[1].split('.');
    expect([userPart, familyPart, secret.length]).toEqual([userId, familyId, 43]);
    // The named parts are part of what is hashed: change one and no session matches.
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', `solvr_refresh=${randomUUID()}.${familyPart}.${secret}`).expect(401);
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', `solvr_refresh=${userPart}.${randomUUID()}.${secret}`).expect(401);
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', named).expect(200);
    // The legacy token, replayed after its grace, revokes the family it started.
    await sessions.update({ familyId, rotatedAt: Not(IsNull()) }, { rotatedAt: new Date(Date.now() - ROTATION_GRACE_MS - 1000) });
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', `solvr_refresh=${legacy}`).expect(401);
    expect(await sessions.countBy({ familyId, revokedAt: IsNull() })).toBe(0);
  });

  it('refuses a refresh token whose session expired a moment ago, and takes one that expires a moment later', async () => {
    const sessions = app.get(DataSource).getRepository(AuthSession);
    const expiringIn = async (ms: number) => {
      const cookie = refreshCookie(await login());
      const userId = (await app.get(UsersService).findByEmail(email))?.id as string;
      const [, familyId] = cookie.split('=')[1].split('.');
      // Seconds apart only: the rotation compares expires_at in SQL, where a date stored in another format compares wrong.
      await sessions.update({ userId, familyId }, { expiresAt: new Date(Date.now() + ms) });
      return { cookie, familyId };
    };
    const expired = await expiringIn(-2000);
    const res = await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', expired.cookie).expect(401);
    expect(res.body.message).toBe('Your session has expired. Please sign in again.');
    const live = await expiringIn(5000);
    const rotated = await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', live.cookie).expect(200);
    // The new token's session, in the same family, lasts the full term from now.
    const token = refreshCookie(rotated).split('=')[1];
    const next = await sessions.findOneByOrFail({ tokenHash: createHash('sha256').update(token).digest('hex') });
    expect(next.familyId).toBe(live.familyId);
    expect(next.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(next.rotatedAt).toBeNull();
  });

  it('answers a refresh without any cookie as no session (204), not an error', async () => {
    const res = await request(app.getHttpServer()).post('/api/auth/refresh').expect(204);
    expect(res.text).toBe('');
  });

  it('two tabs refreshing at the same moment both stay signed in; the family is not revoked', async () => {
    const cookie = refreshCookie(await login());
    const [a, b] = await Promise.all([
      request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', cookie),
      request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', cookie),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', refreshCookie(a)).expect(200);
  });

  it('logout revokes the session and the access tokens issued before it', async () => {
    const res = await login();
    const cookie = refreshCookie(res);
    await request(app.getHttpServer()).get('/api/users/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    await request(app.getHttpServer()).post('/api/auth/logout').set('Cookie', cookie).expect(204);
    await request(app.getHttpServer()).post('/api/auth/refresh').set('Cookie', cookie).expect(401);
    await request(app.getHttpServer()).get('/api/users/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(401);
  });
});
