// `npm run restore -- <backup folder> [--force]`: checks the backup against its manifest, refuses a target that holds
// data (unless --force), restores the database and then every file object, reading each back to compare its SHA-256,
// and finally checks the restored file records against the restored objects. The api must be stopped meanwhile.
import { chmodSync, copyFileSync, createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { steps } from '../../lib/setup.mjs';
import { mysqlHasTables, mysqlInspect, mysqlLoad, mysqlPrepare, mysqlTarget, sqliteHasTables, sqliteInspect } from './database.mjs';
import { countFiles, describeFiles, fileDigest, mismatch, readManifest, recordProblems } from './manifest.mjs';
import { digest, eachLimited, openStorage } from './objects.mjs';
import { loadSettings, Refusal, serverModules } from './settings.mjs';

const PARALLEL = 4;
const KINDS = { sqlite: 'SQLite (DATA_DIR)', mysql: 'MySQL/MariaDB (DATABASE_URL)' };

/** Throws a Refusal listing the problems, if any (the first ten). */
function refuseIf(problems, heading) {
  if (!problems.length) return;
  const shown = problems.slice(0, 10).map((p) => `  ${p}`);
  if (problems.length > 10) shown.push(`  … and ${problems.length - 10} more`);
  throw new Refusal(`${heading}:\n${shown.join('\n')}`);
}

export async function restore({ from, force = false, env = process.env }) {
  const dir = resolve(from);
  const manifest = readManifest(dir);
  const settings = await loadSettings(env);
  const m = await serverModules();
  const kind = settings.database.type;
  if (manifest.database.kind !== kind) {
    throw new Refusal(`This backup holds a ${KINDS[manifest.database.kind]} database; the settings point at ${KINDS[kind]}`);
  }
  const objects = manifest.files.objects;
  console.log(
    `Restoring ${dir}: the ${manifest.mode} instance of ${manifest.finished_at} (app ${manifest.app_version}, ${manifest.migrations.count} migrations, ${describeFiles(objects, m.formatBytes)})`,
  );
  const step = steps(5);

  step('Checking the backup against its manifest');
  const part = async (name, path, expected) => (existsSync(path) ? mismatch(name, expected, await fileDigest(path)) : `${name}: missing from the backup`);
  const objectPath = (key) => join(dir, manifest.files.dir, ...m.checkKey(key).split('/'));
  const damaged = [await part(manifest.database.file, join(dir, manifest.database.file), manifest.database)];
  if (manifest.jwt_secret) damaged.push(await part(manifest.jwt_secret.file, join(dir, manifest.jwt_secret.file), manifest.jwt_secret));
  damaged.push(...(await eachLimited(objects, PARALLEL, (o) => part(o.key, objectPath(o.key), o))));
  refuseIf(damaged.filter(Boolean), 'The backup is damaged; nothing was restored');
  step.done(`${manifest.database.file} and ${countFiles(objects.length)} match their SHA-256`);

  step('Checking that the target is empty');
  const store = await openStorage(settings.storage);
  let writing = false;
  try {
    const target = kind === 'mysql' ? mysqlTarget(settings.database.url) : null;
    const databaseUsed = kind === 'sqlite' ? sqliteHasTables(settings.database.path) : await mysqlHasTables(target);
    const storageUsed = await store.any();
    const used = [
      databaseUsed && `the database ${kind === 'sqlite' ? settings.database.path : target.database} has tables`,
      storageUsed && `the ${store.label} holds objects`,
    ].filter(Boolean);
    if (used.length && !force) {
      throw new Refusal(`The target is not empty: ${used.join(', and ')}. Restoring replaces the database and overwrites the backup's objects: stop the api, then run again with --force`);
    }
    step.done(used.length ? `not empty (${used.join(', ')}): replacing it (--force)` : 'empty');

    writing = true;
    step(`Restoring the database into ${kind === 'sqlite' ? settings.database.path : `${target.database} on ${target.host}:${target.port}`}`);
    let restored;
    if (kind === 'sqlite') restored = await restoreSqlite(join(dir, manifest.database.file), settings.database.path, manifest.database);
    else {
      await mysqlPrepare(target, databaseUsed);
      await mysqlLoad(target, join(dir, manifest.database.file));
      restored = await mysqlInspect(target);
    }
    if (restored.migrations.count !== manifest.migrations.count || restored.migrations.last !== manifest.migrations.last) {
      throw new Error(`The restored database has ${restored.migrations.count} migrations (last ${restored.migrations.last}); the backup had ${manifest.migrations.count} (last ${manifest.migrations.last})`);
    }
    step.done(`${restored.migrations.count} migrations, last ${restored.migrations.last}`);

    step(`Restoring ${countFiles(objects.length)} into ${store.label}`);
    const wrong = await eachLimited(objects, PARALLEL, async (o) => {
      const put = await store.driver.put(o.key, createReadStream(objectPath(o.key)), { contentType: o.content_type });
      // Read back from the target: what the api will serve, not what was sent.
      return mismatch(`${o.key} as written`, o, put) ?? mismatch(`${o.key} as read back`, o, await digest(await store.driver.get(o.key)));
    });
    refuseIf(wrong.filter(Boolean), 'Some files did not arrive intact');
    step.done(`${describeFiles(objects, m.formatBytes)}, each read back with its SHA-256`);

    step('Checking the file records and the token secret');
    const notes = recordProblems(restored.fileRecords, objects);
    if (manifest.jwt_secret) notes.push(...restoreSecret(join(dir, manifest.jwt_secret.file), settings.secretFile));
    step.done(`${restored.fileRecords?.length ?? 0} file records checked`);
    for (const note of notes) console.log(`⚠ ${note}`);
    console.log(`Restore complete${notes.length ? ` with ${notes.length} warning${notes.length === 1 ? '' : 's'}` : ''}: start the api on these settings.`);
    return { manifest, notes };
  } catch (err) {
    if (writing) {
      console.error('The restore stopped part-way: the target holds part of the backup. Fix the cause, then run again with --force.');
    }
    throw err;
  } finally {
    store.close();
  }
}

/** Puts the SQLite file in place: a checked copy beside it, stale -wal/-shm removed (they belong to the old file). */
async function restoreSqlite(from, path, expected) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.restore-${randomBytes(4).toString('hex')}`;
  try {
    copyFileSync(from, temp);
    const wrong = mismatch(`${path} as written`, expected, await fileDigest(temp));
    if (wrong) throw new Error(wrong);
    for (const stale of [`${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(stale, { force: true });
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
  return sqliteInspect(path);
}

/** The generated token secret, into DATA_DIR unless JWT_SECRET is set; returns notes for the operator. */
function restoreSecret(from, secretFile) {
  if (!secretFile) return ['JWT_SECRET is set: the backup\'s generated token secret was not restored (sessions signed with it end)'];
  mkdirSync(dirname(secretFile), { recursive: true });
  copyFileSync(from, secretFile);
  chmodSync(secretFile, 0o600);
  return [];
}
