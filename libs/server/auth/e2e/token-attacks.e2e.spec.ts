// tiers: sqlite, services
import { generateKeyPairSync } from 'crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCESS_STATE_MS, User } from '@solvr/server-users';
import { type ApiApp, createApi, lastMail, linkIn, signIn, createAccount, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const SECRET = 'a-test-only-signing-key-of-48-characters-long!!';
const PASSWORD = 'Token-attack-1';
const NEW_PASSWORD = 'Token-attack-2';

/**
 * Access tokens as an attacker would make them: with no signature, another algorithm, another key, no expiry, an
 * old expiry or a role of their choosing; and tokens that were good once, used after the account changed.
 */
describe(`token attacks (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  const http = () => request(app.getHttpServer());
  const me = (token: string) => http().get('/api/users/me').set('Authorization', `Bearer ${token}`);
  const adminList = (token: string) => http().get('/api/admin/users').set('Authorization', `Bearer ${token}`);
  /** The claims of a real token of this account, to forge from. */
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config({ JWT_SECRET: SECRET, THROTTLE_PER_IP: '1000' }));
    await app.init();
    await createAccount(app, 'boss@tokens.example.com', PASSWORD, 'admin');
    for (const name of ['ann', 'bob', 'cy', 'dee', 'eve']) await createAccount(app, `${name}@tokens.example.com`, PASSWORD);
  });

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('a real token works, so the refusals below are about the token', async () => {
    const { token } = await signIn(app, 'ann@tokens.example.com', PASSWORD);
    await me(token).expect(200);
  });

  it('refuses alg none, another algorithm, another key, no expiry and an expired token', async () => {
    const { token } = await signIn(app, 'ann@tokens.example.com', PASSWORD);
    const claims = claimsOf(token);
    const { exp: _exp, iat: _iat, ...lasting } = claims;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${token.split('.')[2]}`,
      'HS512 with the right secret': jwt.sign(lasting, SECRET, { algorithm: 'HS512', expiresIn: 600 }),
      'RS256 with an attacker key': jwt.sign(lasting, privateKey, { algorithm: 'RS256', expiresIn: 600 }),
      // Algorithm confusion: an HMAC keyed with what a verifier might take for a public key.
      'HS256 keyed with a public key': jwt.sign(lasting, publicKey.export({ type: 'spki', format: 'pem' }).toString(), { algorithm: 'HS256', expiresIn: 600 }),
      'HS256 with another key': jwt.sign(lasting, 'not-the-server-key-but-just-as-long-as-the-real-one!', { algorithm: 'HS256', expiresIn: 600 }),
      'no expiry': jwt.sign(lasting, SECRET, { algorithm: 'HS256' }),
      expired: jwt.sign({ ...lasting, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, { algorithm: 'HS256' }),
      'payload changed, signature kept': `${token.split('.')[0]}.${b64({ ...claims, sub: 'someone-else' })}.${token.split('.')[2]}`,
      'no version': jwt.sign({ sub: claims.sub, email: claims.email, role: claims.role }, SECRET, { algorithm: 'HS256', expiresIn: 600 }),
      'not a token': 'abc.def.ghi',
    };
    for (const [name, bad] of Object.entries(forged)) {
      const res = await me(bad);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+|node_modules|\/work\//);
    }
  });

  it('a role in the token counts for nothing: the server reads the account', async () => {
    const { token } = await signIn(app, 'bob@tokens.example.com', PASSWORD);
    const claims = claimsOf(token);
    const tampered = `${token.split('.')[0]}.${b64({ ...claims, role: 'admin' })}.${token.split('.')[2]}`;
    await adminList(tampered).expect(401);
    // Even signed with the server's own key (a leaked key), a user's token made out as admin is still a user's.
    const signedAdmin = jwt.sign({ ...claims, role: 'admin' }, SECRET, { algorithm: 'HS256' });
    await adminList(signedAdmin).expect(403);
    await me(signedAdmin).expect(200);
  });

  it('tokens stop working after logout, a password change, a reset, a demotion and an account deletion', async () => {
    // Logout.
    const ann = await signIn(app, 'ann@tokens.example.com', PASSWORD);
    await http().post('/api/auth/logout').set('Cookie', ann.cookie).set('Authorization', `Bearer ${ann.token}`).expect((r) => expect(r.status).toBeLessThan(300));
    await me(ann.token).expect(401);
    await http().post('/api/auth/refresh').set('Cookie', ann.cookie).expect(401);

    // Password change.
    const cy = await signIn(app, 'cy@tokens.example.com', PASSWORD);
    await http().post('/api/users/me/password').set('Authorization', `Bearer ${cy.token}`).send({ current_password: PASSWORD, password: NEW_PASSWORD }).expect(200);
    await me(cy.token).expect(401);

    // Password reset.
    const dee = await signIn(app, 'dee@tokens.example.com', PASSWORD);
    await http().post('/api/auth/forgot-password').send({ email: 'dee@tokens.example.com' }).expect(202);
    const token = linkIn((await lastMail(app, 'dee@tokens.example.com', 'password-reset'))?.text).searchParams.get('token');
    await http().post('/api/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);
    await me(dee.token).expect(401);
    await http().post('/api/auth/refresh').set('Cookie', dee.cookie).expect(401);

    // Demotion: the same token, no longer an admin's.
    const boss = await signIn(app, 'boss@tokens.example.com', PASSWORD);
    await createAccount(app, 'second@tokens.example.com', PASSWORD, 'admin');
    const second = await signIn(app, 'second@tokens.example.com', PASSWORD);
    await adminList(second.token).expect(200);
    await http().patch(`/api/admin/users/${second.user.id}/role`).set('Authorization', `Bearer ${boss.token}`).send({ role: 'user' }).expect(200);
    await adminList(second.token).expect(403);

    // Account deletion (by the database's owner, outside the api; no route deletes accounts): its tokens go with it
    // once the api's kept access state of the account has expired.
    const eve = await signIn(app, 'eve@tokens.example.com', PASSWORD);
    await me(eve.token).expect(200);
    await app.get(DataSource).getRepository(User).delete({ email: 'eve@tokens.example.com' });
    await sleep(ACCESS_STATE_MS);
    await me(eve.token).expect(401);
    await http().post('/api/auth/refresh').set('Cookie', eve.cookie).expect(401);
  });
  // A replayed rotated refresh token (the family revoked) is auth-session.e2e.spec.ts's.
});
