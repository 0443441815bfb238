// The database part of a backup: SQLite's online backup (better-sqlite3's db.backup(), consistent while the api
// writes), or a consistent mysqldump/mariadb-dump (--single-transaction) of MySQL/MariaDB; and their restores.
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Refusal } from './settings.mjs';

// ---------- SQLite ----------

/**
 * Copies the live database to `dest` with SQLite's online backup: one step, in one read transaction, so the copy is
 * the database as of one moment while the api goes on writing (WAL: readers do not block the writer). The copy is
 * then made self-contained (rollback journal, no -wal file) and checked.
 */
export async function sqliteSnapshot(path, dest) {
  if (!existsSync(path)) throw new Refusal(`No SQLite database at ${path}: check DATA_DIR`);
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Database(dest);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy of the database fails SQLite's check: ${check}`);
    return sqliteMigrations(copy);
  } finally {
    copy.close();
  }
}

function sqliteMigrations(db) {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'migrations'").get();
  if (!table) throw new Refusal('The database has no migrations table: it is not (yet) the api\'s database');
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM migrations').get();
  const last = db.prepare('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1').get();
  return { count: Number(n), last: last?.name ?? null };
}

/** Whether a SQLite file holds any table. */
export function sqliteHasTables(path) {
  if (!existsSync(path)) return false;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").get());
  } finally {
    db.close();
  }
}

/** Opens a restored SQLite file: its migrations and file records, after SQLite's own check. */
export async function sqliteInspect(path) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The restored database fails SQLite's check: ${check}`);
    return { migrations: sqliteMigrations(db), fileRecords: await fileRecords(() => db.prepare('SELECT storage_key, sha256 FROM files').all()) };
  } finally {
    db.close();
  }
}

/** The files table's keys and checksums, or null where there is no such table. */
async function fileRecords(query) {
  try {
    return await query();
  } catch {
    return null;
  }
}

// ---------- MySQL / MariaDB ----------

/** Connection settings of a mysql:// or mariadb:// DATABASE_URL. */
export function mysqlTarget(url) {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new Refusal('Invalid setting DATABASE_URL: names no database (mysql://user:pass@host:3306/<database>)');
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username) || 'root',
    password: decodeURIComponent(u.password),
    database,
  };
}

/** The first of the named programs found on PATH. */
function program(names) {
  const found = names.find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0);
  if (!found) throw new Refusal(`Neither ${names.join(' nor ')} is installed (Debian: apt-get install -y mariadb-client)`);
  return found;
}

/** Arguments and environment for the MariaDB/MySQL command-line programs: TCP as the api connects, password by env. */
function clientArgs(target) {
  return {
    args: [`--host=${target.host}`, `--port=${target.port}`, `--user=${target.user}`, '--protocol=TCP', '--default-character-set=utf8mb4'],
    env: { ...process.env, MYSQL_PWD: target.password },
  };
}

const connect = (target, withDatabase = true) =>
  mysql.createConnection({ host: target.host, port: target.port, user: target.user, password: target.password, database: withDatabase ? target.database : undefined, connectTimeout: 10000 });

/** The api's applied migrations in a MySQL database. */
export async function mysqlMigrations(target) {
  const conn = await connect(target);
  try {
    const [[table]] = await conn.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'migrations'");
    if (!Number(table.n)) throw new Refusal(`The database ${target.database} has no migrations table: it is not (yet) the api's database`);
    const [[count]] = await conn.query('SELECT COUNT(*) AS n FROM migrations');
    const [[last]] = await conn.query('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1');
    return { count: Number(count.n), last: last?.name ?? null };
  } finally {
    await conn.end();
  }
}

/** Runs a program with stdin read from `input` and stdout written through `output` (streams); rejects with its stderr. */
function runProgram(cmd, args, env, { input, output = [] }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: [input ? 'pipe' : 'ignore', output.length ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const exited = new Promise((res, rej) => {
      child.on('error', rej);
      child.on('close', (code) => res(code));
    });
    const streams = [];
    if (input) streams.push(pipeline(input, child.stdin));
    if (output.length) streams.push(pipeline(child.stdout, ...output));
    Promise.all([exited, ...streams]).then(
      ([code]) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${stderr.trim() || 'no message'}`))),
      (err) => {
        child.kill();
        reject(new Error(`${cmd} failed: ${stderr.trim() || err.message}`));
      },
    );
  });
}

/**
 * A consistent dump of the database into `dest`: one transaction (--single-transaction, InnoDB), no table locks, so
 * the api goes on serving. Returns the dump's size and SHA-256.
 */
export async function mysqlDump(target, dest) {
  const { args, env } = clientArgs(target);
  const hash = createHash('sha256');
  let size = 0;
  let tail = '';
  const meter = new Transform({
    transform(chunk, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-200);
      done(null, chunk);
    },
  });
  // --no-tablespaces: MySQL 8 would want the PROCESS privilege for them, and the api's tables need none.
  const options = ['--single-transaction', '--quick', '--hex-blob', '--no-tablespaces', target.database];
  await runProgram(program(['mariadb-dump', 'mysqldump']), [...args, ...options], env, { output: [meter, createWriteStream(dest, { flags: 'wx' })] });
  if (!/-- Dump completed/.test(tail)) throw new Error('The dump ended without its "Dump completed" line');
  return { size, sha256: hash.digest('hex') };
}

/** Whether the database exists and holds any table or view. */
export async function mysqlHasTables(target) {
  const conn = await connect(target, false);
  try {
    const [[row]] = await conn.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ?', [target.database]);
    return Number(row.n) > 0;
  } finally {
    await conn.end();
  }
}

/** Creates the database where it is missing; with `replace`, drops every table and view in it first. */
export async function mysqlPrepare(target, replace) {
  const conn = await connect(target, false);
  try {
    const [schemas] = await conn.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = ?', [target.database]);
    // Only when missing: a user with rights on its own database alone may not run CREATE DATABASE, even IF NOT EXISTS.
    if (!schemas.length) await conn.query(`CREATE DATABASE ${conn.escapeId(target.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (!replace) return;
    const [tables] = await conn.query('SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = ?', [target.database]);
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const t of tables) {
      await conn.query(`DROP ${t.type === 'VIEW' ? 'VIEW' : 'TABLE'} IF EXISTS ${conn.escapeId(target.database)}.${conn.escapeId(t.name)}`);
    }
  } finally {
    await conn.end();
  }
}

/** Loads a dump into the database with the mariadb/mysql client. */
export async function mysqlLoad(target, file) {
  const { args, env } = clientArgs(target);
  await runProgram(program(['mariadb', 'mysql']), [...args, '--binary-mode', target.database], env, { input: createReadStream(file) });
}

/** A restored MySQL database: its migrations and file records. */
export async function mysqlInspect(target) {
  const migrations = await mysqlMigrations(target);
  const conn = await connect(target);
  try {
    return { migrations, fileRecords: await fileRecords(async () => (await conn.query('SELECT storage_key, sha256 FROM files'))[0]) };
  } finally {
    await conn.end();
  }
}
