// tiers: sqlite, services
import { execFileSync } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { API_MIGRATIONS } from '@solvr/server-app';
import { createTestEnv, multipart, TIER, type TestEnv } from '@solvr/server-testing';
import { freePort, startProcess, stopProcess, waitForHttp } from '@solvr/testing';

/**
 * The release a site upgrades from: tag v2026.11.25 (the commit is named too, for a clone without tags). The test
 * builds that release's api from git, lets it make its database and a few rows through its API, stops it, then
 * starts the api built from this checkout on the same database and data folder.
 */
const EARLIER_RELEASE = { tag: 'v2026.11.25', commit: '9d0d090882b317c4fb71447fdbdb9d3da9552b34' };
const ROOT = resolve(__dirname, '../../..');
const CURRENT_MAIN = join(ROOT, 'dist/apps/api/main.js');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The earlier release's commit: by its tag, else by its hash; a shallow clone first fetches it from the origin it was
 * cloned from. Null when this checkout cannot reach it (no history and no origin): the test then says so and skips.
 */
function earlierReleaseCommit(): string | null {
  const find = () => {
    for (const rev of [`${EARLIER_RELEASE.tag}^{commit}`, `${EARLIER_RELEASE.commit}^{commit}`]) {
      try {
        return git('rev-parse', '--verify', '--quiet', rev);
      } catch {
        // not here
      }
    }
    return null;
  };
  const found = find();
  if (found) return found;
  try {
    git('fetch', '--quiet', '--depth=1', 'origin', EARLIER_RELEASE.commit);
  } catch {
    return null;
  }
  return find();
}

const EARLIER_COMMIT = earlierReleaseCommit();
if (!EARLIER_COMMIT) console.warn(`upgrade test skipped: ${EARLIER_RELEASE.tag} (${EARLIER_RELEASE.commit}) is not in this checkout and could not be fetched`);

/** The earlier release's api, built in a temp folder from git with this checkout's node_modules. */
function buildEarlierRelease(dir: string): string {
  const commit = EARLIER_COMMIT as string;
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${commit} apps/api libs tools/webpack tools/swc tsconfig.base.json package.json | tar -x -C "${dir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '-c', 'apps/api/webpack.config.js'], { cwd: dir, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  return join(dir, 'dist/apps/api/main.js');
}

interface Running {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** An api build on a free port with these settings, once it answers. */
async function start(main: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, [main], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url } });
  await waitForHttp(`${url}/api/health/live`, child);
  return { url, output: child.output, stop: () => stopProcess(child) };
}

const json = async (res: Response) => ({ status: res.status, body: await res.json().catch(() => null) });

(EARLIER_COMMIT ? describe : describe.skip)(`upgrade from the earlier release ${EARLIER_RELEASE.tag} (${TIER})`, () => {
  let t: TestEnv;
  let buildDir = '';
  let env: Record<string, string>;
  const made = { admin: { email: '', password: '' }, fileId: '', fileSha: '', fileBytes: Buffer.alloc(0), newsTitle: `Launch notes ${randomBytes(3).toString('hex')}`, earlierMigrations: [] as string[] };

  /** The names in the migrations table, in the order they ran. */
  async function appliedMigrations(): Promise<string[]> {
    if (TIER === 'services') {
      const conn = await createConnection(env.DATABASE_URL);
      try {
        const [rows] = await conn.query('SELECT name FROM migrations ORDER BY id');
        return (rows as { name: string }[]).map((r) => r.name);
      } finally {
        await conn.end();
      }
    }
    const db = await new DataSource({ type: 'better-sqlite3', database: join(env.DATA_DIR, 'solvr.sqlite'), readonly: true }).initialize();
    try {
      return ((await db.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((r) => r.name);
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    if (!existsSync(CURRENT_MAIN)) throw new Error(`${CURRENT_MAIN} is missing: build the api first (npx nx run api:build)`);
    buildDir = mkdtempSync(join(tmpdir(), 'solvr-earlier-release-'));
    t = await createTestEnv();
    env = { ...t.env, NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: randomBytes(36).toString('base64url'), WEB_DIST_DIR: 'none' };
  }, 30_000);
  afterAll(async () => {
    await t?.cleanup();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('the earlier release makes its database and rows through its API', async () => {
    const main = buildEarlierRelease(buildDir);
    const old = await start(main, env);
    try {
      const m = /First admin: (\S+) (\S+)/.exec(old.output());
      expect(m).not.toBeNull();
      made.admin = { email: (m as RegExpExecArray)[1], password: (m as RegExpExecArray)[2] };
      const login = await json(await fetch(`${old.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(made.admin) }));
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${login.body.access_token}` };

      made.fileBytes = randomBytes(200_000);
      made.fileSha = sha256(made.fileBytes);
      const form = multipart([['name', 'Field guide'], ['version', '1.0']], [{ filename: 'field-guide.pdf', type: 'application/pdf', content: made.fileBytes }]);
      const upload = await json(await fetch(`${old.url}/api/admin/files`, { method: 'POST', headers: { ...auth, 'content-type': form.contentType }, body: new Uint8Array(form.body) }));
      expect(upload.status).toBe(201);
      made.fileId = upload.body.id;

      const post = await fetch(`${old.url}/api/admin/news`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: made.newsTitle, content: '<p>Shipped.</p>' }) });
      expect(post.status).toBe(201);
    } finally {
      await old.stop();
    }
    made.earlierMigrations = await appliedMigrations();
  }, 240_000);

  it('the current code migrates it forward on start; the rows are intact and the old password signs in', async () => {
    expect(made.fileId).not.toBe('');
    const current = await start(CURRENT_MAIN, env);
    try {
      const login = await json(await fetch(`${current.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(made.admin) }));
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${login.body.access_token}` };

      const file = await json(await fetch(`${current.url}/api/admin/files`, { headers: auth }));
      expect(file.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.fileId, name: 'Field guide', sha256: made.fileSha, file_size: made.fileBytes.length })]));
      const linkRes = await fetch(`${current.url}/api/files/${made.fileId}/download`, { method: 'POST', headers: auth });
      expect(linkRes.status).toBe(200);
      // The signed link is this browser's: follow it with the holder cookie the answer set.
      const holder = linkRes.headers.getSetCookie().find((c) => c.startsWith('solvr_download='))?.split(';')[0] ?? '';
      const bytes = await fetch(new URL((await linkRes.json()).url, current.url), { headers: { cookie: holder } });
      expect(bytes.status).toBe(200);
      expect(sha256(Buffer.from(await bytes.arrayBuffer()))).toBe(made.fileSha);

      const news = await json(await fetch(`${current.url}/api/news`));
      expect(news.body.items.map((n: { title: string }) => n.title)).toContain(made.newsTitle);

      // Every migration of this checkout ran, after the earlier release's own; the new tables answer.
      expect(await appliedMigrations()).toEqual(API_MIGRATIONS.map((M) => new M().name));
      expect(made.earlierMigrations.length).toBeGreaterThan(0);
      expect(made.earlierMigrations.length).toBeLessThan(API_MIGRATIONS.length);
      expect((await fetch(`${current.url}/api/admin/releases`, { headers: auth })).status).toBe(200);
      expect((await json(await fetch(`${current.url}/api/health`))).status).toBe(200);
    } finally {
      await current.stop();
    }
  }, 120_000);
});
