import { ChildProcess, spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AdminFileView, FilePurchases, NewsView } from '@solvr/contracts';
import {
  type ApiApp,
  createAccount,
  createApi,
  heldLink,
  multipart,
  portOf,
  purchaseByWebhook,
  rawRequest,
  signIn,
  STRIPE_TEST_KEYS,
  type TestEnv,
} from '@solvr/server-testing';

// What both specs share: an instance with users, files, news and a purchase made through the api; the commands run as
// an operator runs them (a child process, settings from the environment); and the checks a restored instance passes.
export const ROOT = join(__dirname, '../../..');
export const PASSWORD = 'backup-pass-1';
export const EMAILS = { admin: 'admin@backup.test', ada: 'ada@backup.test', bob: 'bob@backup.test' } as const;
type Who = keyof typeof EMAILS;
const WHO = Object.keys(EMAILS) as Who[];

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The api on a test env, with Stripe's keys (the purchase comes by signed webhook; the API base is never called). */
export async function startApi(t: TestEnv, settings: Record<string, string> = {}): Promise<ApiApp> {
  const app = await createApi(
    t.config({ ...STRIPE_TEST_KEYS, STRIPE_API_BASE: 'http://127.0.0.1:9', THROTTLE_PER_IP: '10000', THROTTLE_PER_ACCOUNT: '1000', ...settings }),
  );
  await app.listen(0, '127.0.0.1');
  return app;
}

export interface Fixture {
  ids: Record<Who, string>;
  /** Access tokens the source instance issued. */
  tokens: Record<Who, string>;
  files: Record<'free' | 'paid', AdminFileView & { content: Buffer }>;
  news: Record<'published' | 'draft', NewsView>;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function upload(app: ApiApp, token: string, fields: Record<string, string>, content: Buffer): Promise<AdminFileView & { content: Buffer }> {
  const { body, contentType } = multipart(Object.entries(fields), [{ filename: `${fields.name}.zip`, content }]);
  const res = await request(app.getHttpServer()).post('/api/admin/files').set(bearer(token)).set('Content-Type', contentType).send(body);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...res.body, content };
}

const postNews = async (app: ApiApp, token: string, title: string, extra: object = {}): Promise<NewsView> =>
  (await request(app.getHttpServer()).post('/api/admin/news').set(bearer(token)).send({ title, content: `<p>${title}</p>`, ...extra }).expect(201)).body;

/** Users (an admin and two), a free and a paid file uploaded through the api, a post and a draft, Ada's purchase. */
export async function fill(app: ApiApp): Promise<Fixture> {
  const ids = {} as Record<Who, string>;
  const tokens = {} as Record<Who, string>;
  for (const who of WHO) {
    await createAccount(app, EMAILS[who], PASSWORD, who === 'admin' ? 'admin' : 'user');
    const session = await signIn(app, EMAILS[who], PASSWORD);
    ids[who] = session.user.id as string;
    tokens[who] = session.token;
  }
  const random = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + n) % 251));
  const files = {
    free: await upload(app, tokens.admin, { name: 'Free Notes' }, random(300 * 1024 + 3)),
    paid: await upload(app, tokens.admin, { name: 'Paid Kit', is_paid: 'true', price: '5' }, random(64 * 1024)),
  };
  const news = {
    published: await postNews(app, tokens.admin, 'Backups are here'),
    draft: await postNews(app, tokens.admin, 'Restores next week', { is_published: false }),
  };
  await purchaseByWebhook(app.getHttpServer(), ids.ada, files.paid.id, 500);
  return { ids, tokens, files, news };
}

/** A file's bytes as a client downloads them: the api's link, then the api's stream or the bucket's presigned URL. */
async function download(app: ApiApp, token: string, fileId: string): Promise<Buffer> {
  const link = heldLink(await request(app.getHttpServer()).post(`/api/files/${fileId}/download`).set(bearer(token)).expect(200));
  const res = await rawRequest(portOf(app), link);
  if (res.status === 302) {
    const fromBucket = await fetch(res.headers.location as string);
    expect(fromBucket.status).toBe(200);
    return Buffer.from(await fromBucket.arrayBuffer());
  }
  expect(res.status).toBe(200);
  return res.body;
}

/** The restored instance has the source's users (old passwords), files (same bytes), news and purchase. */
export async function expectSameInstance(app: ApiApp, fx: Fixture): Promise<void> {
  const http = () => request(app.getHttpServer());
  const tokens = {} as Record<Who, string>;
  for (const who of WHO) {
    const session = await signIn(app, EMAILS[who], PASSWORD);
    expect(session.user).toMatchObject({ id: fx.ids[who], email: EMAILS[who] });
    tokens[who] = session.token;
  }
  await http().post('/api/auth/login').send({ email: EMAILS.ada, password: 'not-the-password' }).expect(401);
  // The token secret the source generated came along: what it signed still holds.
  await http().get('/api/files').set(bearer(fx.tokens.ada)).expect(200);

  for (const file of Object.values(fx.files)) {
    expect((await http().get(`/api/files/${file.id}`).set(bearer(tokens.ada)).expect(200)).body).toMatchObject({ name: file.name });
    expect(sha256(await download(app, tokens.ada, file.id))).toBe(sha256(file.content));
  }
  // Bob bought nothing; Ada's purchase is there, as admins see it.
  await http().post(`/api/files/${fx.files.paid.id}/download`).set(bearer(tokens.bob)).expect(403);
  const sold: FilePurchases = (await http().get(`/api/admin/payments/files/${fx.files.paid.id}`).set(bearer(tokens.admin)).expect(200)).body;
  expect(sold.purchases).toEqual([expect.objectContaining({ buyer: expect.objectContaining({ id: fx.ids.ada, email: EMAILS.ada }), amount_paid: 500, payment_status: 'paid' })]);

  const published = fx.news.published;
  expect((await http().get(`/api/news/${published.slug}`).expect(200)).body).toMatchObject({ id: published.id, title: published.title, content: published.content });
  expect((await http().get(`/api/admin/news/${fx.news.draft.id}`).set(bearer(tokens.admin)).expect(200)).body).toMatchObject({ title: fx.news.draft.title, is_published: false });
}

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Settings of the process running the tests that must not reach a command: it gets only the instance's. */
const INSTANCE_SETTINGS = /^(DATA_DIR|DATABASE_URL|REDIS_URL|REDIS_PREFIX|JWT_SECRET|S3_.*)$/;

/** Runs `node tools/<tool>.mjs ...args` with the instance's settings, as `npm run backup -- ...` does. */
export function runTool(tool: 'backup' | 'restore', args: string[], settings: Record<string, string>): Promise<ToolRun> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !INSTANCE_SETTINGS.test(k)));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, `tools/${tool}.mjs`), ...args], { cwd: ROOT, env: { ...env, ...settings } });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c) => (stdout += c));
  child.stderr?.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Expects a command to have succeeded, showing its output when it did not. */
export function expectSuccess(run: ToolRun): void {
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stdout}\n${run.stderr}`);
}

export interface Manifest {
  mode: string;
  app_version: string;
  migrations: { count: number; last: string };
  database: { kind: string; file: string; size: number; sha256: string };
  files: { storage: string; count: number; objects: Array<{ key: string; size: number; sha256: string; content_type?: string }> };
  jwt_secret: { file: string } | null;
  notes: string[];
}

export const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

/** The migrations the api applied, as the manifest must count them. */
export async function appliedMigrations(app: ApiApp): Promise<{ count: number; last: string }> {
  const db = app.get(DataSource);
  const [{ n }] = await db.query('SELECT COUNT(*) AS n FROM migrations');
  const [{ name }] = await db.query('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1');
  return { count: Number(n), last: name };
}

/**
 * Runs the backup while an admin keeps posting news, one post after another. The backup is one moment of the
 * database, so a restore holds the posts made before it and none after: a prefix of `posted`.
 */
export async function backupWhileWriting(app: ApiApp, fx: Fixture, out: string, settings: Record<string, string>): Promise<{ run: ToolRun; posted: string[] }> {
  let running = true;
  const posted: string[] = [];
  const writer = (async () => {
    while (running && posted.length < 200) {
      const title = `During backup ${String(posted.length).padStart(3, '0')}`;
      await postNews(app, fx.tokens.admin, title);
      posted.push(title);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const run = await runTool('backup', ['--out', out], settings);
  running = false;
  await writer;
  return { run, posted };
}

/** The "During backup" posts of an instance, in order. */
export async function postsDuringBackup(app: ApiApp): Promise<string[]> {
  const rows: Array<{ title: string }> = await app.get(DataSource).query("SELECT title FROM news WHERE title LIKE 'During backup %' ORDER BY title");
  return rows.map((r) => r.title);
}

/** Whether E2E_TIERS (as the e2e runs read it, e.g. E2E_TIERS=sqlite) leaves this tier out. */
export const tierSkipped = (tier: 'sqlite' | 'services'): boolean => Boolean(process.env.E2E_TIERS) && !process.env.E2E_TIERS?.split(',').includes(tier);

/** Why MariaDB and Redis (the services tier) cannot be used here, or null: the check `npm test` makes (tools/lib/services.mjs). */
export function servicesProblem(): string | null {
  const probe = "import { servicesProblem } from './tools/lib/services.mjs'; process.stdout.write(servicesProblem() ?? '');";
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) return `the services check failed: ${res.stderr || res.error?.message}`;
  return res.stdout.trim() || null;
}
