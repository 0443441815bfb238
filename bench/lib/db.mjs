// Direct access to the database of the app under test (its SQLite file, or its MariaDB database in services
// mode), for set-up the api would make slow: thousands of file rows, a plain user account.
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from './http.mjs';

/** UTC with milliseconds, as TypeORM writes datetime(3) on both SQLite and MySQL. */
export const utc = (d) => d.toISOString().replace('T', ' ').replace('Z', '');

/** { query(sql, params) → rows, run(sql, params), insertMany(table, columns, rows), close() } on app.database. */
export async function openDb(app) {
  if (app.database.type === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(app.database.path, { fileMustExist: true });
    db.pragma('busy_timeout = 10000');
    return {
      query: async (sql, params = []) => db.prepare(sql).all(...params),
      run: async (sql, params = []) => db.prepare(sql).run(...params).changes,
      insertMany: async (table, columns, rows) => {
        const stmt = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        db.transaction((list) => {
          for (const r of list) stmt.run(...r);
        })(rows);
      },
      close: async () => db.close(),
    };
  }
  const { default: mysql } = await import('mysql2/promise');
  const c = await mysql.createConnection({ uri: app.database.url });
  return {
    query: async (sql, params = []) => (await c.query(sql, params))[0],
    run: async (sql, params = []) => (await c.query(sql, params))[0].affectedRows,
    insertMany: async (table, columns, rows) => {
      for (let i = 0; i < rows.length; i += 500) await c.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [rows.slice(i, i + 500)]);
    },
    close: () => c.end(),
  };
}

/**
 * A verified plain user (role user, profile completed) with the first admin's password: its row is written
 * directly, reusing the admin's argon2 hash, so no sign-up mail or hashing is needed. Returns { id, email, password }.
 */
export async function createPlainUser(app) {
  const email = `bench-user-${randomBytes(4).toString('hex')}@solvr.local`;
  const id = randomUUID();
  const db = await openDb(app);
  try {
    const [admin] = await db.query('SELECT password_hash AS h FROM users WHERE email = ?', [app.admin.email]);
    if (!admin?.h) throw new Error(`no password hash for the first admin ${app.admin.email}`);
    const now = utc(new Date());
    await db.run(
      'INSERT INTO users (id, email, password_hash, role, email_verified, profile_completed, download_count, created_date, updated_date) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, email, admin.h, 'user', 1, 1, 0, now, now],
    );
  } finally {
    await db.close();
  }
  return { id, email, password: app.admin.password };
}

/** POST /api/auth/login; the access token, or an error with the answer. */
export async function signIn(baseUrl, { email, password }) {
  const res = await request(`${baseUrl}/api/auth/login`, { method: 'POST', body: { email, password } });
  const token = res.status === 200 ? JSON.parse(res.body).access_token : null;
  if (!token) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return token;
}
