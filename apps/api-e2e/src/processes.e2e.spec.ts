// tiers: services
import { type ChildProcess, spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { freePort, ROOT, startProcess, createTestEnv, TestEnv } from '@solvr/server-testing';

const API = join(ROOT, 'dist/apps/api');
const WORKER = join(ROOT, 'dist/apps/worker/main.js');

/** The non-secret settings Kubernetes gives every server pod (k8s/base/config.env). */
function k8sSettings(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, 'k8s/base/config.env'), 'utf8').split('\n')) {
    const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

async function waitHealthy(url: string, proc: ChildProcess, output: () => string): Promise<Record<string, unknown>> {
  const end = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`process exited ${proc.exitCode}:\n${output()}`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === 200) return (await res.json()) as Record<string, unknown>;
    if (Date.now() > end) throw new Error(`${url} never became healthy:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const exitCode = (proc: ChildProcess) => new Promise<number | null>((ok) => proc.once('exit', (code) => ok(code)));

// The built processes (npm test builds first), started the way the Kubernetes manifests start them:
// migrate Job, api, worker. Services tier only (see jest.e2e.config.js).
describe('built processes with the Kubernetes settings', () => {
  let t: TestEnv;
  let env: Record<string, string>;
  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error('Build first: npx nx run-many -t build -p api worker');
    t = await createTestEnv('services');
    env = {
      ...k8sSettings(),
      ...t.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'a-test-only-signing-key-of-forty-two-chars!',
      S3_BUCKET: '', // no S3 here: local disk under DATA_DIR
      PORT: String(await freePort()),
      WORKER_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => t?.cleanup());

  it('migrate Job, then api and worker answer their probes and stop cleanly on SIGTERM', async () => {
    expect(env.RUN_MIGRATIONS).toBe('false');
    const job = spawnSync(process.execPath, [join(API, 'cli.js'), 'migrate'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(job.stdout).toMatch(/Migrations applied: Init\d+, AuthSessions\d+, AuthTokens\d+/);
    expect(job.status).toBe(0);

    const api = startProcess(process.execPath, [join(API, 'main.js')], { cleanEnv: true, env });
    const worker = startProcess(process.execPath, [WORKER], { cleanEnv: true, env });
    try {
      const health = await waitHealthy(`http://127.0.0.1:${env.PORT}/api/health`, api.proc, api.output);
      expect(health).toMatchObject({ status: 'ok', database: { driver: 'mysql' }, queue: { driver: 'bull' } });
      await waitHealthy(`http://127.0.0.1:${env.WORKER_PORT}/api/health/live`, worker.proc, worker.output);
      const workerHealth = await (await fetch(`http://127.0.0.1:${env.WORKER_PORT}/api/health`)).json();
      expect(workerHealth).toMatchObject({ status: 'ok', queue: { status: 'up', driver: 'bull' } });
      // WEB_DIST_DIR=none: the api serves no pages in Kubernetes.
      expect((await fetch(`http://127.0.0.1:${env.PORT}/Landing`)).status).toBe(404);
    } finally {
      const stopped = Promise.all([exitCode(api.proc), exitCode(worker.proc)]);
      api.proc.kill('SIGTERM');
      worker.proc.kill('SIGTERM');
      expect(await stopped).toEqual([0, 0]);
    }
    expect(api.output()).not.toMatch(/"level":50/);
  });

  it('refuses to start with a bad setting, naming it in one line', () => {
    const run = spawnSync(process.execPath, [join(API, 'main.js')], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env, DATABASE_URL: 'postgres://x/y' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid setting DATABASE_URL: expected a mysql:// or mariadb:// URL');
  });

  it('the worker refuses to start without Redis', () => {
    const run = spawnSync(process.execPath, [WORKER], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env, REDIS_URL: '' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid setting REDIS_URL: is required by the worker (without Redis the api runs jobs itself)');
  });
});
