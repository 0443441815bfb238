// `npm run backup -- [--out <folder>]`: the database first, then the file objects, then the manifest. The api may
// go on running: the database part is one consistent snapshot, and each object is copied whole.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROOT, steps } from '../../lib/setup.mjs';
import { mysqlDump, mysqlMigrations, mysqlTarget, sqliteInspect, sqliteSnapshot } from './database.mjs';
import { databaseFile, describeFiles, FILES_DIR, fileDigest, FORMAT, FORMAT_VERSION, MANIFEST, recordProblems, SECRET_FILE } from './manifest.mjs';
import { eachLimited, openStorage } from './objects.mjs';
import { appVersion, loadSettings, Refusal, serverModules } from './settings.mjs';

/** Objects copied at once. */
const PARALLEL = 4;

/** backups/2026-11-26T03-00-00Z: the default folder, named by the UTC time. */
export const defaultFolder = (now = new Date()) => join('backups', now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-'));

export async function backup({ out, env = process.env }) {
  const dest = resolve(out ?? defaultFolder());
  const work = `${dest}.partial`;
  try {
    return await run(dest, work, env);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}

async function run(dest, work, env) {
  const settings = await loadSettings(env);
  const m = await serverModules();
  if (existsSync(dest) && readdirSync(dest).length) throw new Refusal(`${dest} exists and is not empty: give a new folder with --out`);
  // Written beside the destination and renamed at the end: a folder with a manifest is a finished backup.
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true, mode: 0o700 });
  keepOutOfGit(dest);

  const started = new Date();
  const kind = settings.database.type;
  const notes = [];
  const step = steps(3);
  console.log(`Backing up the ${settings.mode} instance into ${dest}`);

  step(kind === 'sqlite' ? `Copying the database ${settings.database.path} (SQLite online backup)` : `Dumping the database ${mysqlTarget(settings.database.url).database} (mysqldump --single-transaction)`);
  const dbPath = join(work, databaseFile(kind));
  let migrations;
  if (kind === 'sqlite') migrations = await sqliteSnapshot(settings.database.path, dbPath);
  else {
    const target = mysqlTarget(settings.database.url);
    migrations = await mysqlMigrations(target);
    await mysqlDump(target, dbPath);
  }
  const database = { kind, file: databaseFile(kind), ...(await fileDigest(dbPath)) };
  step.done(`${database.file}, ${m.formatBytes(database.size)}, ${migrations.count} migrations applied`);

  const source = await openStorage(settings.storage);
  step(`Copying the files from ${source.label}`);
  let objects;
  try {
    objects = await copyObjects(m, source, join(work, FILES_DIR), notes);
  } finally {
    source.close();
  }
  step.done(describeFiles(objects, m.formatBytes));

  step('Writing the manifest');
  let jwtSecret = null;
  if (settings.secretFile && existsSync(settings.secretFile)) {
    copyFileSync(settings.secretFile, join(work, SECRET_FILE));
    chmodSync(join(work, SECRET_FILE), 0o600);
    jwtSecret = { file: SECRET_FILE, ...(await fileDigest(join(work, SECRET_FILE))) };
  }
  // The SQLite copy is one moment: each of its file records must have its object here. (A dump cannot be asked; the
  // restore checks the records of the restored database.)
  if (kind === 'sqlite') notes.push(...recordProblems((await sqliteInspect(dbPath)).fileRecords, objects));
  const manifest = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    mode: settings.mode,
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    app_version: appVersion(),
    migrations,
    database,
    files: { storage: source.kind, count: objects.length, size: objects.reduce((sum, o) => sum + o.size, 0), dir: FILES_DIR, objects },
    jwt_secret: jwtSecret,
    notes,
  };
  writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  rmSync(dest, { recursive: true, force: true });
  renameSync(work, dest);
  step.done(MANIFEST);

  for (const note of notes) console.log(`⚠ ${note}`);
  console.log(`Backup complete: ${dest} (${settings.mode}: ${database.file}, ${describeFiles(objects, m.formatBytes)}${jwtSecret ? ', the generated token secret' : ''})`);
  return { dest, manifest };
}

/** Backups in the checkout's backups/ folder (the default) hold password hashes: git is told to ignore that folder. */
function keepOutOfGit(dest) {
  const inRepo = relative(join(ROOT, 'backups'), dest);
  const ignore = join(ROOT, 'backups', '.gitignore');
  if (!inRepo.startsWith('..') && !existsSync(ignore)) writeFileSync(ignore, '# Backups hold password hashes and secrets: never commit them.\n*\n');
}

/** Copies every object into the backup's files folder (a local-disk store), hashing as it goes. */
async function copyObjects(m, source, dir, notes) {
  const into = new m.LocalDiskDriver(dir);
  const keys = (await source.keys()).filter((key) => {
    try {
      m.checkKey(key);
      return true;
    } catch {
      notes.push(`left out ${JSON.stringify(key)}: not a storage key the api makes`);
      return false;
    }
  });
  const copied = await eachLimited(keys, PARALLEL, async (key) => {
    let object;
    try {
      object = await source.open(key);
    } catch (err) {
      if (!(err instanceof m.ObjectMissing)) throw err;
      notes.push(`${key} was deleted while the backup ran: not in the backup`);
      return null;
    }
    const put = await into.put(key, object.body);
    return { key, size: put.size, sha256: put.sha256, ...(object.contentType ? { content_type: object.contentType } : {}) };
  });
  return copied.filter(Boolean);
}
