import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { createConnection } from 'mysql2/promise';
import { tmpdir } from 'os';
import { join } from 'path';
import { DataSource } from 'typeorm';
import { startTestS3, type TestS3 } from '@solvr/server-storage/testing';
import { type ApiApp, createTestEnv, filesUnder, type TestEnv } from '@solvr/server-testing';
import {
  appliedMigrations,
  backupWhileWriting,
  expectSameInstance,
  expectSuccess,
  fill,
  type Fixture,
  type Manifest,
  postsDuringBackup,
  readManifest,
  ROOT,
  runTool,
  servicesProblem,
  sha256,
  startApi,
  tierSkipped,
} from './support';

/** One instance's storage and database as the commands and the checks reach them. */
interface Instance {
  t: TestEnv;
  /** Settings beyond the test env's: the bucket's S3_*. */
  extra: Record<string, string>;
  /** Every settings variable, as the commands get them. */
  settings: Record<string, string>;
  label: { database: RegExp; storage: RegExp };
  keys(): Promise<string[]>;
  sql(statement: string): Promise<unknown[]>;
  close(): Promise<void>;
}

interface Mode {
  name: 'embedded' | 'services';
  title: string;
  /** Left out by E2E_TIERS (sqlite or services), as the e2e runs leave a tier out. */
  excluded: boolean;
  /** Why this mode cannot run here, or null. */
  problem: string | null;
  database: { kind: string; file: string };
  storage: string;
  instance(name: string): Promise<Instance>;
}

const CI = process.env.CI === 'true' || process.env.CI === '1';
// Each step starts an api or runs a command against a database: minutes on a busy machine. Set here, because npm
// test runs this file among every unit project, where a project's own testTimeout is not read.
jest.setTimeout(180_000);

/** The embedded default: SQLite under DATA_DIR and files on local disk under DATA_DIR/files. */
const EMBEDDED: Mode = {
  name: 'embedded',
  title: 'SQLite + local disk',
  excluded: tierSkipped('sqlite'),
  problem: null,
  database: { kind: 'sqlite', file: 'database.sqlite' },
  storage: 'local',
  async instance() {
    const t = await createTestEnv('sqlite');
    return {
      t,
      extra: {},
      settings: t.env,
      label: { database: /the database \S+solvr\.sqlite has tables/, storage: /the local disk \S+ holds objects/ },
      keys: async () => filesUnder(join(t.dataDir, 'files')),
      async sql(statement) {
        const db = await new DataSource({ type: 'better-sqlite3', database: join(t.dataDir, 'solvr.sqlite') }).initialize();
        try {
          return await db.query(statement);
        } finally {
          await db.destroy();
        }
      },
      close: () => t.cleanup(),
    };
  },
};

/** Services mode: a MariaDB database of its own per instance (dropped afterwards), an S3 bucket (s3rver, temp folder). */
const SERVICES: Mode = {
  name: 'services',
  title: 'MariaDB + S3',
  excluded: tierSkipped('services'),
  problem: tierSkipped('services') ? null : servicesProblem(),
  database: { kind: 'mysql', file: 'database.sql' },
  storage: 's3',
  async instance(name) {
    const s3: TestS3 = await startTestS3(`solvr-${name}`);
    const t = await createTestEnv('services');
    const extra = { S3_BUCKET: s3.settings.bucket, S3_ENDPOINT: s3.settings.endpoint as string, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
    return {
      t,
      extra,
      settings: { ...t.env, ...extra },
      label: { database: /the database solvr_test_\w+ has tables/, storage: new RegExp(`the bucket solvr-${name} at \\S+ holds objects`) },
      keys: async () => (await s3.contents()).objects.sort(),
      async sql(statement) {
        const conn = await createConnection(t.env.DATABASE_URL);
        try {
          return (await conn.query(statement))[0] as unknown[];
        } finally {
          await conn.end();
        }
      },
      async close() {
        await t.cleanup();
        await s3.close();
      },
    };
  },
};

for (const mode of [EMBEDDED, SERVICES]) {
  // Without MariaDB and Redis the services mode is skipped with a warning, except under CI=true (as `npm test` does).
  if (mode.problem && !CI) console.warn(`backup and restore, ${mode.name} mode: ${mode.problem}: skipped (under CI=true this fails)`);
  const describeMode = mode.excluded || (mode.problem && !CI) ? describe.skip : describe;

  describeMode(`backup and restore: ${mode.name} mode (${mode.title})`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'solvr-backups-'));
    const out = join(folder, 'backup');
    const instances: Instance[] = [];
    const fresh = async (name: string) => {
      const made = await mode.instance(name);
      instances.push(made);
      return made;
    };
    let source: Instance;
    let app: ApiApp | undefined;
    let restored: ApiApp | undefined;
    let fx: Fixture;
    let manifest: Manifest;
    let posted: string[];

    beforeAll(async () => {
      if (mode.problem) throw new Error(`${mode.name} mode cannot run here: ${mode.problem}`);
      source = await fresh('source');
      app = await startApi(source.t, source.extra);
      fx = await fill(app);
    });
    afterAll(async () => {
      await app?.close();
      await restored?.close();
      for (const made of instances) await made.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('backs up while the api runs: the database, every file object with its key, the token secret, and a manifest of them', async () => {
      const live = app as ApiApp;
      const backup = await backupWhileWriting(live, fx, out, source.settings);
      expectSuccess(backup.run);
      expect(backup.run.stdout).toMatch(/Backup complete/);
      posted = backup.posted;

      manifest = readManifest(out);
      const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
      expect(manifest).toMatchObject({ mode: mode.name, app_version: version, database: mode.database, files: { storage: mode.storage }, notes: [] });
      expect(manifest.migrations).toEqual(await appliedMigrations(live));
      const database = readFileSync(join(out, mode.database.file));
      expect(sha256(database)).toBe(manifest.database.sha256);
      if (mode.name === 'services') expect(database.toString()).toMatch(/CREATE TABLE `purchases`/);
      // Every object, keys kept, with the SHA-256 of its bytes: the uploads among them.
      expect(manifest.files.objects.map((o) => o.key).sort()).toEqual(await source.keys());
      for (const o of manifest.files.objects) expect(sha256(readFileSync(join(out, 'files', o.key)))).toBe(o.sha256);
      expect(manifest.files.objects.map((o) => o.sha256)).toEqual(expect.arrayContaining(Object.values(fx.files).map((f) => sha256(f.content))));
      if (mode.storage === 's3') expect(manifest.files.objects.every((o) => o.content_type)).toBe(true);
      expect(readFileSync(join(out, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(source.t.dataDir, 'jwt-secret'), 'utf8'));
    });

    it('refuses to restore over an instance that holds data, and refuses a damaged backup before writing anything', async () => {
      const over = await runTool('restore', [out], source.settings);
      expect(over.code).toBe(1);
      expect(over.stderr).toMatch(/The target is not empty: /);
      expect(over.stderr).toMatch(source.label.database);
      expect(over.stderr).toMatch(source.label.storage);
      expect(over.stderr).toMatch(/run again with --force/);

      const damaged = join(folder, 'damaged');
      cpSync(out, damaged, { recursive: true });
      const paid = manifest.files.objects.find((o) => o.sha256 === sha256(fx.files.paid.content));
      appendFileSync(join(damaged, 'files', paid?.key as string), 'x');
      const empty = await fresh('empty');
      const run = await runTool('restore', [damaged], empty.settings);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/The backup is damaged; nothing was restored:\n {2}\S+: expected \d+ bytes with SHA-256 [0-9a-f]{64}, found/);
      expect(await empty.keys()).toEqual([]);
      expect(mode.name === 'embedded' ? filesUnder(empty.t.dataDir).filter((f) => f.startsWith('solvr.sqlite')) : await empty.sql('SHOW TABLES')).toEqual([]);
    });

    it('restores into a new instance, where the api has the same users, files, news and purchase', async () => {
      // The source is gone: nothing of it is needed any more.
      await app?.close();
      app = undefined;
      await source.close();
      instances.splice(instances.indexOf(source), 1);

      const target = await fresh('restored');
      const first = await runTool('restore', [out], target.settings);
      expectSuccess(first);
      expect(first.stdout).toMatch(/Restore complete: start the api/);
      // Again: refused without --force; with it, the database is replaced (a table the backup lacks goes too).
      expect((await runTool('restore', [out], target.settings)).code).toBe(1);
      await target.sql('CREATE TABLE stray (id INT PRIMARY KEY)');
      expectSuccess(await runTool('restore', [out, '--force'], target.settings));
      expect(await target.sql(mode.name === 'embedded' ? "SELECT name FROM sqlite_master WHERE name = 'stray'" : "SHOW TABLES LIKE 'stray'")).toEqual([]);
      expect(await target.keys()).toEqual(manifest.files.objects.map((o) => o.key).sort());

      restored = await startApi(target.t, target.extra);
      await expectSameInstance(restored, fx);
      // One moment of the database: the posts written before the backup's snapshot, none after.
      const kept = await postsDuringBackup(restored);
      expect(kept).toEqual(posted.slice(0, kept.length));
    });
  });
}
