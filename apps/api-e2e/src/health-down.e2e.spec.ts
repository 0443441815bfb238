// tiers: sqlite, services
import { writeFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { UsersService } from '@solvr/server-users';
import { type ApiApp, createApi, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

describe(`health with a part down (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  beforeAll(async () => {
    t = await createTestEnv();
    // The local storage folder cannot be created: a plain file is in its way.
    writeFileSync(join(t.dataDir, 'files'), 'not a folder');
    app = await createApi(t.config());
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  it('answers 503 naming the part, and shows the error text to admins only', async () => {
    const anonymous = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(anonymous.body.status).toBe('error');
    expect(anonymous.body.storage).toEqual({ status: 'down', driver: 'local' });
    expect(anonymous.body.database.status).toBe('up');

    await app.get(UsersService).createOrPromoteAdmin('ops@example.com', 'Ops-Password-1');
    const login = await request(app.getHttpServer()).post('/api/auth/login').send({ email: 'ops@example.com', password: 'Ops-Password-1' }).expect(200);
    const admin = await request(app.getHttpServer()).get('/api/health').set('Authorization', `Bearer ${login.body.access_token}`).expect(503);
    expect(admin.body.storage.error).toMatch(/EEXIST|ENOTDIR/);

    // Liveness does not depend on the parts.
    await request(app.getHttpServer()).get('/api/health/live').expect(200);
  });
});
