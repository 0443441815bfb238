import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SQLite: the Users tab's search as a full-text index of trigrams over e-mail, name and company (FTS5, case and
 * accents ignored), kept in step with the users table by triggers, whoever writes it. A contains-search of three
 * characters or more then reads the index instead of scanning 100,000 rows on the api's only thread (better-sqlite3
 * is synchronous: a 50 ms scan stalls every other request). MariaDB answers the same LIKE search off our thread,
 * with its accent- and case-insensitive collation: nothing to add there.
 */
export class UsersSearch1763700000070 implements MigrationInterface {
  name = 'UsersSearch1763700000070';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type !== 'better-sqlite3') return;
    await q.query(
      `CREATE VIRTUAL TABLE users_search USING fts5(email, full_name, company, content='users', content_rowid='rowid', tokenize='trigram remove_diacritics 1')`,
    );
    await q.query(`CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
      INSERT INTO users_search(rowid, email, full_name, company) VALUES (new.rowid, new.email, new.full_name, new.company); END`);
    await q.query(`CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
      INSERT INTO users_search(users_search, rowid, email, full_name, company) VALUES ('delete', old.rowid, old.email, old.full_name, old.company); END`);
    await q.query(`CREATE TRIGGER users_search_update AFTER UPDATE OF email, full_name, company ON users BEGIN
      INSERT INTO users_search(users_search, rowid, email, full_name, company) VALUES ('delete', old.rowid, old.email, old.full_name, old.company);
      INSERT INTO users_search(rowid, email, full_name, company) VALUES (new.rowid, new.email, new.full_name, new.company); END`);
    await q.query(`INSERT INTO users_search(users_search) VALUES ('rebuild')`);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type !== 'better-sqlite3') return;
    for (const trigger of ['users_search_insert', 'users_search_delete', 'users_search_update']) await q.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await q.query('DROP TABLE IF EXISTS users_search');
  }
}
