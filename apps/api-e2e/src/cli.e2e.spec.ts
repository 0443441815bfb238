// tiers: sqlite, services
import { spawnSync } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { type ApiApp, createApi, createTestEnv, ROOT, TestEnv, TIER } from '@solvr/server-testing';

const CLI = join(ROOT, 'dist/apps/api/cli.js');

describe(`operator CLI (${TIER})`, () => {
  let t: TestEnv;
  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error('Build first: npx nx run api:build');
    t = await createTestEnv();
  });
  afterAll(async () => t?.cleanup());

  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...t.env }, encoding: 'utf8' });

  it('creates an admin with a generated password that signs in, then promotes an existing account', async () => {
    const created = cli('create-admin', 'Ops@Example.com');
    expect(created.status).toBe(0);
    const [, email, password] = created.stdout.trim().match(/^Created admin: (\S+) (\S+)$/) ?? [];
    expect(email).toBe('ops@example.com');

    let app: ApiApp | undefined;
    try {
      app = await createApi(t.config());
      await app.init();
      const login = await request(app.getHttpServer()).post('/api/auth/login').send({ email, password }).expect(200);
      expect(login.body.user.role).toBe('admin');
      await request(app.getHttpServer()).post('/api/auth/signup').send({ email: 'worker@example.com', password: 'secret1' }).expect(202);
    } finally {
      await app?.close();
    }
    const promoted = cli('create-admin', 'worker@example.com');
    expect(promoted.stdout.trim()).toBe('Promoted to admin: worker@example.com');
  });

  it('explains its usage and exits 2 on bad arguments', () => {
    const bad = cli('create-admin', 'not-an-email');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Usage:/);
  });
});
