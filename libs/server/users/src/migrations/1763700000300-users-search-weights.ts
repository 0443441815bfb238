import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MySQL/MariaDB: the Users tab's search reads one column per row instead of three LIKEs (issue 27: at 100,000 users
 * the three collation-aware LIKEs cost about 90 ms a search). `search_weights` holds the collation weights of e-mail,
 * name and company (WEIGHT_STRING: case and accents already folded), kept by the database itself as a generated
 * column whoever writes the row; a search looks for its own weights in them with INSTR, a plain byte search, and
 * checks the few rows found with the same LIKEs as before (user-search.ts). SQLite has its trigram index instead.
 */
export class UsersSearchWeights1763700000300 implements MigrationInterface {
  name = 'UsersSearchWeights1763700000300';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'better-sqlite3') return;
    // A character weighs up to 16 bytes (U+FDFB, U+337F: checked over every code point), and the three columns
    // hold 654 characters and two separators. VARBINARY, not BLOB: a scan reads it about a fifth faster.
    await q.query(
      `ALTER TABLE users ADD COLUMN search_weights VARBINARY(10468) AS (WEIGHT_STRING(CONVERT(CONCAT_WS('|', email, full_name, company) USING utf8mb4) COLLATE utf8mb4_unicode_ci)) STORED`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'better-sqlite3') return;
    await q.query('ALTER TABLE users DROP COLUMN search_weights');
  }
}
