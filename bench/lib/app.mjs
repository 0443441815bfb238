// The app under test: the built api (dist/apps/api/main.js of --app-root), which in the embedded default also
// serves the built shell and remotes. Embedded mode: SQLite and in-process queue in a temp DATA_DIR. Services
// mode: a fresh MariaDB database bench_<random> and a Redis key prefix bench_<random>, both removed afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NODE_FLAGS } from '../../tools/lib/api-node-flags.mjs';
import { freePort, onExit, startProcess, stopProcess, waitForHttp } from './processes.mjs';

export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const ignore = () => undefined;

/** The built output of an app root, or the reason it cannot be used. */
export function builtApp(appRoot) {
  const main = join(appRoot, 'dist/apps/api/main.js');
  const dist = join(appRoot, 'dist/apps');
  if (!existsSync(main)) return { problem: `${main} is missing: build first (npx nx run-many -t build -p api shell marketing portal admin)` };
  if (!existsSync(join(dist, 'shell/index.html'))) return { problem: `${dist}/shell/index.html is missing: build the shell` };
  return { main, dist, cli: join(appRoot, 'dist/apps/api/cli.js') };
}

/** Commit of the app root (with +dirty when its tree has changes), or null outside git. */
export function gitCommit(root) {
  try {
    const sha = execFileSync('git', ['-C', root, 'rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return null;
  }
}

/** Why MariaDB/Redis cannot be used for services mode, or null. */
export async function servicesProblem() {
  const { default: mysql } = await import('mysql2/promise');
  const { default: Redis } = await import('ioredis');
  try {
    const c = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
    await c.query('SELECT 1');
    await c.end();
  } catch (e) {
    return `MariaDB not reachable at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//')} (${e.code ?? e.message})`;
  }
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000 });
  r.on('error', ignore);
  try {
    await r.connect();
    await r.ping();
    r.disconnect();
  } catch (e) {
    r.disconnect();
    return `Redis not reachable at ${REDIS_URL} (${e.code ?? e.message})`;
  }
  return null;
}

/** Creates the services-mode database and key prefix; returns the app settings and a cleanup function. */
async function provisionServices() {
  const { default: mysql } = await import('mysql2/promise');
  const { default: Redis } = await import('ioredis');
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const dbUrl = `${MYSQL_URL.replace(/\/+$/, '')}/${name}`;
  const cleanup = async () => {
    const c = await mysql.createConnection({ uri: MYSQL_URL });
    await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await c.end();
    const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    r.on('error', ignore);
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${name}:*`, 'COUNT', 1000);
      if (keys.length) await r.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    r.disconnect();
  };
  return { env: { DATABASE_URL: dbUrl, REDIS_URL, REDIS_PREFIX: name }, database: { type: 'mysql', url: dbUrl, name }, cleanup };
}

/**
 * Starts the built api on a free port in the given mode and waits until it answers. Sign-in throttling is
 * raised (THROTTLE_PER_ACCOUNT / THROTTLE_PER_IP) so the sign-in and refresh scenarios measure the work,
 * not the 429s. `nodeArgs` go to node before the app (--profile's --cpu-prof). `env` adds or overrides settings (e.g. DOWNLOAD_ACCEL_PREFIX for a second instance behind nginx).
 * Returns { url, mode, pid, env, dataDir, filesDir, database, admin: { email, password }, stop() }.
 */
export async function startApp({ appRoot, mode, log = ignore, env: extraEnv = {}, nodeArgs = [] }) {
  const built = builtApp(appRoot);
  if (built.problem) throw new Error(built.problem);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'solvr-bench-'));
  const services = mode === 'services' ? await provisionServices() : null;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(36).toString('base64url'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: built.dist,
    THROTTLE_PER_ACCOUNT: '100000',
    THROTTLE_PER_IP: '1000000',
    ...(services?.env ?? {}),
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'ADMIN_EMAILS', 'SMTP_URL', 'S3_BUCKET', 'GOOGLE_CLIENT_ID', 'REMOTES_MANIFEST']) {
    if (!services?.env[k]) delete env[k];
  }
  Object.assign(env, extraEnv);
  const url = `http://127.0.0.1:${port}`;
  log(`starting ${built.main} (${mode}) on ${url}`);
  const child = startProcess(process.execPath, [...API_NODE_FLAGS, ...nodeArgs, built.main], { cwd: appRoot, env });
  const forgetDir = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    forgetDir();
    if (services) await services.cleanup().catch((e) => log(`cleanup of ${services.database.name} failed: ${e.message}`));
  };
  try {
    await waitForHttp(`${url}/api/health/live`, child, 90_000);
    let admin = null;
    const m = await child.waitForOutput(/First admin: (\S+) (\S+)/, 5000);
    if (m) admin = { email: m[1], password: m[2] };
    else admin = createAdmin(built.cli, env, appRoot);
    return {
      url,
      mode,
      pid: child.proc.pid,
      /** The settings it runs with (a worker started beside it takes the same). */
      env,
      dataDir,
      /** Local-disk storage root: a file's storage key files/<uuid> is <filesDir>/files/<uuid>. */
      filesDir: join(dataDir, 'files'),
      database: services ? services.database : { type: 'sqlite', path: join(dataDir, 'solvr.sqlite') },
      admin,
      output: child.output,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** When the start did not print a first admin: the operator CLI creates one with a chosen password. */
function createAdmin(cli, env, cwd) {
  const email = `bench-${randomBytes(3).toString('hex')}@solvr.local`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  execFileSync(process.execPath, [cli, 'create-admin', email, '--password', password], { cwd, env, stdio: 'ignore' });
  return { email, password };
}
