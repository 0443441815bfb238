// tiers: sqlite, services
import request from 'supertest';
import { type ApiApp, createApi, captureStdout, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

describe(`HTTP basics (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let out: ReturnType<typeof captureStdout>;

  beforeAll(async () => {
    t = await createTestEnv();
    out = captureStdout();
    app = await createApi(t.config({ LOG_LEVEL: 'info', BODY_LIMIT: '2kb' }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    out.restore();
    await t.cleanup();
  });

  it('reports every component up in /api/health', async () => {
    const res = await request(app.getHttpServer()).get('/api/health').expect(200);
    const db = TIER === 'services' ? 'mysql' : 'sqlite';
    const queue = TIER === 'services' ? 'bull' : 'in-process';
    expect(res.body).toEqual({
      status: 'ok',
      database: { status: 'up', driver: db },
      queue: { status: 'up', driver: queue },
      storage: { status: 'up', driver: 'local' },
      mail: { status: 'up', driver: 'outbox' },
    });
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await request(app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ message: 'Cannot GET /api/no-such-thing', statusCode: 404, error: 'Not Found' });
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await request(app.getHttpServer()).post('/api/health').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', statusCode: 400, error: 'Bad Request' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(4096) }))
      .expect(413);
    expect(res.body).toEqual({ message: 'The request body is too large (limit 2kb).', statusCode: 413, error: 'Payload Too Large' });
  });

  it('serves the public brand config', async () => {
    const res = await request(app.getHttpServer()).get('/api/public-config').expect(200);
    expect(res.body.brand.product).toBe('Solvr');
  });

  it('logged those 4xx answers without an error-level line or a stack trace', () => {
    const logs = out.lines().filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    const requests = logs.filter((l) => l.req);
    expect(requests.find((l) => l.res?.statusCode === 404)?.level).toBe(40);
    const refusals = logs.filter((l) => l.context === 'BodyParser').map((l) => [l.level, l.msg]);
    expect(refusals).toEqual([
      [40, 'POST /api/health answered 400: The request body is not valid JSON.'],
      [40, 'POST /api/health answered 413: The request body is too large (limit 2kb).'],
    ]);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(out.lines().join('\n')).not.toMatch(/\n\s+at /);
  });
});
