// A backup folder: manifest.json, the database (database.sqlite or database.sql), files/<key> for every file object,
// and jwt-secret where the instance generated its token secret into DATA_DIR. The manifest names the mode, the time,
// the app version and applied migrations, and the size and SHA-256 of every part, so a restore can check them all.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { digest } from './objects.mjs';
import { Refusal } from './settings.mjs';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'solvr-backup';
export const FORMAT_VERSION = 1;
export const FILES_DIR = 'files';
export const SECRET_FILE = 'jwt-secret';
export const databaseFile = (kind) => (kind === 'sqlite' ? 'database.sqlite' : 'database.sql');

/** The manifest of a backup folder, refused when missing (an unfinished backup) or of another format. */
export function readManifest(dir) {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new Refusal(`${dir} holds no ${MANIFEST}: not a backup, or one that did not finish`);
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  if (manifest.format !== FORMAT || manifest.format_version !== FORMAT_VERSION) {
    throw new Refusal(`${path} is not a ${FORMAT} manifest of version ${FORMAT_VERSION}`);
  }
  return manifest;
}

/** Size and SHA-256 of a file. */
export const fileDigest = (path) => digest(createReadStream(path));

/** Compares a found { size, sha256 } with the expected one; returns a line saying how they differ, or null. */
export function mismatch(what, expected, found) {
  if (found.sha256 === expected.sha256 && found.size === expected.size) return null;
  return `${what}: expected ${expected.size} bytes with SHA-256 ${expected.sha256}, found ${found.size} bytes with ${found.sha256}`;
}

/** File records (storage_key, sha256 of the files table) whose object is missing or differs; lines for the operator. */
export function recordProblems(records, objects) {
  if (!records) return ['the database has no files table: file records not checked'];
  const byKey = new Map(objects.map((o) => [o.key, o]));
  const problems = [];
  for (const r of records) {
    const o = byKey.get(r.storage_key);
    if (!o) problems.push(`file record ${r.storage_key} has no object in the backup (deleted while the backup ran?)`);
    else if (r.sha256 && o.sha256 !== r.sha256) problems.push(`file record ${r.storage_key} says SHA-256 ${r.sha256}, its object has ${o.sha256}`);
  }
  return problems;
}

/** "1 file", "12 files". */
export const countFiles = (n) => `${n} file${n === 1 ? '' : 's'}`;

/** "12 files, 3.4 MB", with the api's formatBytes. */
export function describeFiles(objects, formatBytes) {
  return `${countFiles(objects.length)}, ${formatBytes(objects.reduce((sum, o) => sum + o.size, 0))}`;
}
