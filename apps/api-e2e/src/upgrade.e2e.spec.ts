// tiers: sqlite, services
import { execFileSync } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { createConnection } from 'mysql2/promise';
import { dump, load } from 'js-yaml';
import { DataSource } from 'typeorm';
import { API_MIGRATIONS } from '@solvr/server-app';
import { releaseNotesHtml } from '@solvr/server-releases';
import { createTestEnv, multipart, TIER, type TestEnv } from '@solvr/server-testing';
import { freePort, startProcess, stopProcess, waitForHttp } from '@solvr/testing';

/**
 * The code a site upgrades from: the tagged release v2026.11.25, and the commit issue 54 started from (release files
 * still library files, published with a deploy token); each named by its commit too, for a clone without tags. The
 * test builds that code's api from git, lets it make its database and rows through its API (a library file, a post,
 * desktop releases), stops it, then starts the api built from this checkout on the same database and data folder.
 */
interface Earlier {
  tag: string;
  commit: string;
  /** It has POST /api/releases/publish, deploy tokens and drafts (issue 28). */
  publishes: boolean;
}
const EARLIER_RELEASES: Earlier[] = [
  { tag: 'v2026.11.25', commit: '9d0d090882b317c4fb71447fdbdb9d3da9552b34', publishes: false },
  { tag: 'issue-54-start', commit: '0f196f12ac2a20d75f26f1c4d1a3e53ed79b823f', publishes: true },
];
const ROOT = resolve(__dirname, '../../..');
const CURRENT_MAIN = join(ROOT, 'dist/apps/api/main.js');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The earlier release's commit: by its tag, else by its hash; a shallow clone first fetches it from the origin it was
 * cloned from. Null when this checkout cannot reach it (no history and no origin): the test then says so and skips.
 */
function earlierCommit(earlier: Earlier): string | null {
  const find = () => {
    for (const rev of [`${earlier.tag}^{commit}`, `${earlier.commit}^{commit}`]) {
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
    git('fetch', '--quiet', '--depth=1', 'origin', earlier.commit);
  } catch {
    return null;
  }
  return find();
}

/** The earlier code's api, built in a temp folder from git with this checkout's node_modules. */
function buildEarlier(commit: string, dir: string): string {
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

/** An api build on this port (the same before and after, as a site's address stays) with these settings, once it answers. */
async function start(main: string, env: Record<string, string>, port: number): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, [main], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url } });
  await waitForHttp(`${url}/api/health/live`, child);
  return { url, output: child.output, stop: () => stopProcess(child) };
}

const json = async (res: Response) => ({ status: res.status, body: await res.json().catch(() => null) });

/** A desktop release's file as the earlier code took it: through the library's upload, or in a publish. */
interface ReleaseArtifact {
  fileName: string;
  platform: 'windows' | 'macos' | 'linux';
  channel: string;
  version: string;
  content: Buffer;
}

/** The feeds electron-updater and the portal read, as paths on both codes. */
const FEEDS = [
  '/api/releases/stable/latest.yml',
  '/api/releases/stable/latest-mac.yml',
  '/api/releases/stable/latest-linux.yml',
  '/api/releases/beta/latest.yml',
  '/api/releases/stable/latest.json?platform=windows',
  '/api/releases/stable/latest.json?platform=macos',
];

for (const earlier of EARLIER_RELEASES) {
  const commit = earlierCommit(earlier);
  if (!commit) console.warn(`upgrade test skipped: ${earlier.tag} (${earlier.commit}) is not in this checkout and could not be fetched`);

  (commit ? describe : describe.skip)(`upgrade from ${earlier.tag} (${TIER})`, () => {
    let t: TestEnv;
    let buildDir = '';
    let env: Record<string, string>;
    let port = 0;
    const made = {
      admin: { email: '', password: '' },
      fileId: '',
      fileSha: '',
      fileBytes: Buffer.alloc(0),
      newsTitle: `Launch notes ${randomBytes(3).toString('hex')}`,
      earlierMigrations: [] as string[],
      /** What each feed answered, byte for byte. */
      feeds: new Map<string, { status: number; type: string | null; body: string }>(),
      /** Published release files by name, with their bytes' SHA-256. */
      published: new Map<string, string>(),
      /** A draft's files, which the earlier code served to anyone and this one to no one. */
      draftFiles: [] as string[],
    };

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

    const feedsOf = async (url: string) => {
      const answers = new Map<string, { status: number; type: string | null; body: string }>();
      for (const path of FEEDS) {
        const res = await fetch(`${url}${path}`);
        answers.set(path, { status: res.status, type: res.headers.get('content-type'), body: await res.text() });
      }
      return answers;
    };
    /**
     * An earlier feed as this code answers it: the same bytes, except that release notes are now sanitised HTML
     * (issue 54) where the earlier code sent the Markdown. Everything else must match byte for byte.
     */
    const withHtmlNotes = (path: string, feed: { status: number; type: string | null; body: string }) => {
      if (feed.status !== 200) return feed;
      const json = path.includes('.json');
      const parsed = (json ? JSON.parse(feed.body) : load(feed.body)) as { releaseNotes?: string };
      if (typeof parsed.releaseNotes !== 'string') return feed;
      const updated = { ...parsed, releaseNotes: releaseNotesHtml(parsed.releaseNotes) };
      return { ...feed, body: json ? JSON.stringify(updated) : dump(updated, { lineWidth: -1, noRefs: true }) };
    };
    const downloaded = async (url: string, name: string) => {
      const res = await fetch(`${url}/downloads/${encodeURIComponent(name)}`);
      return { status: res.status, sha: sha256(Buffer.from(await res.arrayBuffer())) };
    };

    beforeAll(async () => {
      if (!existsSync(CURRENT_MAIN)) throw new Error(`${CURRENT_MAIN} is missing: build the api first (npx nx run api:build)`);
      buildDir = mkdtempSync(join(tmpdir(), 'solvr-earlier-release-'));
      t = await createTestEnv();
      port = await freePort();
      env = { ...t.env, NODE_ENV: 'test', LOG_LEVEL: 'info', JWT_SECRET: randomBytes(36).toString('base64url'), WEB_DIST_DIR: 'none' };
    }, 30_000);
    afterAll(async () => {
      await t?.cleanup();
      if (buildDir) rmSync(buildDir, { recursive: true, force: true });
    });

    it('the earlier code makes its database, a library file, a post and desktop releases through its API', async () => {
      const main = buildEarlier(commit as string, buildDir);
      const old = await start(main, env, port);
      try {
        const m = /First admin: (\S+) (\S+)/.exec(old.output());
        expect(m).not.toBeNull();
        made.admin = { email: (m as RegExpExecArray)[1], password: (m as RegExpExecArray)[2] };
        const login = await json(await fetch(`${old.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(made.admin) }));
        expect(login.status).toBe(200);
        const auth = { authorization: `Bearer ${login.body.access_token}` };
        const upload = async (fields: Array<[string, string]>, fileName: string, type: string, content: Buffer) => {
          const form = multipart(fields, [{ filename: fileName, type, content }]);
          return json(await fetch(`${old.url}/api/admin/files`, { method: 'POST', headers: { ...auth, 'content-type': form.contentType }, body: new Uint8Array(form.body) }));
        };

        made.fileBytes = randomBytes(200_000);
        made.fileSha = sha256(made.fileBytes);
        const file = await upload([['name', 'Field guide'], ['version', '1.0']], 'field-guide.pdf', 'application/pdf', made.fileBytes);
        expect(file.status).toBe(201);
        made.fileId = file.body.id;

        const post = await fetch(`${old.url}/api/admin/news`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: made.newsTitle, content: '<p>Shipped.</p>' }) });
        expect(post.status).toBe(201);

        // Releases as the earlier code took them from the console: library uploads with a platform and a channel.
        const uploaded: ReleaseArtifact[] = [
          { fileName: 'Solvr-Setup-1.0.0.exe', platform: 'windows', channel: 'stable', version: '1.0.0', content: randomBytes(150_000) },
          { fileName: 'Solvr-1.0.0-arm64-mac.zip', platform: 'macos', channel: 'stable', version: '1.0.0', content: randomBytes(120_000) },
          { fileName: 'Solvr-1.0.0.AppImage', platform: 'linux', channel: 'stable', version: '1.0.0', content: randomBytes(110_000) },
          { fileName: 'Solvr-Setup-1.1.0-beta.1.exe', platform: 'windows', channel: 'beta', version: '1.1.0-beta.1', content: randomBytes(90_000) },
        ];
        for (const a of uploaded) {
          const fields: Array<[string, string]> = [['name', `Solvr ${a.version}`], ['version', a.version], ['release_channel', a.channel], ['platform', a.platform], ['release_notes', 'Faster answers.\r\nA new hotkey.']];
          const res = await upload(fields, a.fileName, 'application/octet-stream', a.content);
          expect(res.status).toBe(201);
          made.published.set(a.fileName, sha256(a.content));
        }

        if (earlier.publishes) {
          // A CI publish with a deploy token (installer and block map), then a draft that was never published.
          const token = await json(await fetch(`${old.url}/api/admin/deploy-tokens`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'CI' }) }));
          expect(token.status).toBe(201);
          const publish = async (version: string, draft: boolean) => {
            const names = [`Solvr-Setup-${version}.exe`, `Solvr-Setup-${version}.exe.blockmap`];
            const contents = names.map(() => randomBytes(80_000));
            const form = multipart(
              [['version', version], ['channel', 'stable'], ['notes', `## ${version}\n\nFixes.`], ['draft', String(draft)]],
              names.map((filename, i) => ({ filename, type: 'application/octet-stream', content: contents[i] })),
            );
            const res = await fetch(`${old.url}/api/releases/publish`, { method: 'POST', headers: { authorization: `Bearer ${token.body.token}`, 'content-type': form.contentType }, body: new Uint8Array(form.body) });
            expect(res.status).toBe(201);
            return names.map((name, i) => [name, sha256(contents[i])] as const);
          };
          for (const [name, sha] of await publish('1.2.0', false)) made.published.set(name, sha);
          made.draftFiles = (await publish('1.3.0', true)).map(([name]) => name);
        }

        made.feeds = await feedsOf(old.url);
        expect([...made.feeds.values()].map((f) => f.status)).toEqual(FEEDS.map(() => 200));
        expect(made.feeds.get('/api/releases/stable/latest.yml')?.body).toContain(earlier.publishes ? 'version: 1.2.0' : 'version: 1.0.0');
        for (const [name, sha] of made.published) expect(await downloaded(old.url, name)).toEqual({ status: 200, sha });
      } finally {
        await old.stop();
      }
      made.earlierMigrations = await appliedMigrations();
    }, 240_000);

    it('the current code migrates it forward on start: rows intact, the old password signs in, every feed byte-identical (notes now as HTML), every published file downloadable and no draft', async () => {
      expect(made.fileId).not.toBe('');
      const current = await start(CURRENT_MAIN, env, port);
      try {
        const login = await json(await fetch(`${current.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(made.admin) }));
        expect(login.status).toBe(200);
        const auth = { authorization: `Bearer ${login.body.access_token}` };

        // The library keeps its file and no longer lists the release files, which moved to the releases feature.
        const files = await json(await fetch(`${current.url}/api/admin/files`, { headers: auth }));
        expect(files.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.fileId, name: 'Field guide', sha256: made.fileSha, file_size: made.fileBytes.length })]));
        const libraryNames = (files.body as { file_name: string }[]).map((f) => f.file_name);
        for (const name of [...made.published.keys(), ...made.draftFiles]) expect(libraryNames).not.toContain(name);
        const linkRes = await fetch(`${current.url}/api/files/${made.fileId}/download`, { method: 'POST', headers: auth });
        expect(linkRes.status).toBe(200);
        // The signed link is this browser's: follow it with the holder cookie the answer set.
        const holder = linkRes.headers.getSetCookie().find((c) => c.startsWith('solvr_download='))?.split(';')[0] ?? '';
        const bytes = await fetch(new URL((await linkRes.json()).url, current.url), { headers: { cookie: holder } });
        expect(bytes.status).toBe(200);
        expect(sha256(Buffer.from(await bytes.arrayBuffer()))).toBe(made.fileSha);

        const news = await json(await fetch(`${current.url}/api/news`));
        expect(news.body.items.map((n: { title: string }) => n.title)).toContain(made.newsTitle);

        // What desktop apps read and fetch: the same bytes as before the upgrade.
        const feeds = await feedsOf(current.url);
        for (const path of FEEDS) expect({ path, ...feeds.get(path) }).toEqual({ path, ...withHtmlNotes(path, made.feeds.get(path)!) });
        for (const [name, sha] of made.published) expect({ name, ...(await downloaded(current.url, name)) }).toEqual({ name, status: 200, sha });
        for (const name of made.draftFiles) expect({ name, status: (await downloaded(current.url, name)).status }).toEqual({ name, status: 404 });
        const versions = await json(await fetch(`${current.url}/api/admin/releases`, { headers: auth }));
        expect(versions.status).toBe(200);
        expect((versions.body as { version: string; state: string }[]).map((v) => `${v.version} ${v.state}`)).toEqual(
          expect.arrayContaining(['1.0.0 published', '1.1.0-beta.1 published', ...(earlier.publishes ? ['1.2.0 published', '1.3.0 draft'] : [])]),
        );

        // Every migration of this checkout ran, after the earlier code's own.
        expect(await appliedMigrations()).toEqual(API_MIGRATIONS.map((M) => new M().name));
        expect(made.earlierMigrations.length).toBeGreaterThan(0);
        expect(made.earlierMigrations.length).toBeLessThan(API_MIGRATIONS.length);
        expect((await json(await fetch(`${current.url}/api/health`))).status).toBe(200);
      } finally {
        await current.stop();
      }
    }, 120_000);
  });
}
