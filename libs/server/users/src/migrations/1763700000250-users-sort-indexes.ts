import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The Users table sorts by any column at 100,000 users (issue 29): each sort is a keyset over (column, id), served in
 * order by an index on exactly that, both ways. On SQLite the text columns sort case-insensitively, so their indexes
 * are NOCASE (MariaDB's _ci collation already is). They replace the one-column indexes of UsersAdminIndexes.
 */
const SORTED: Array<[name: string, column: string, text: boolean]> = [
  ['users_sort_name', 'full_name', true],
  ['users_sort_email', 'email', false],
  ['users_sort_company', 'company', true],
  ['users_sort_role', 'role', false],
  ['users_sort_downloads', 'download_count', false],
  ['users_sort_last_login', 'last_login', false],
];
const REPLACED = [
  new TableIndex({ name: 'users_full_name', columnNames: ['full_name'] }),
  new TableIndex({ name: 'users_company', columnNames: ['company'] }),
  new TableIndex({ name: 'users_role', columnNames: ['role'] }),
  new TableIndex({ name: 'users_last_login', columnNames: ['last_login'] }),
];

export class UsersSortIndexes1763700000250 implements MigrationInterface {
  name = 'UsersSortIndexes1763700000250';

  async up(q: QueryRunner): Promise<void> {
    const sqlite = q.connection.driver.options.type === 'better-sqlite3';
    for (const [name, column, text] of SORTED) {
      await q.query(`CREATE INDEX ${name} ON users (${column}${text && sqlite ? ' COLLATE NOCASE' : ''}, id)`);
    }
    for (const index of REPLACED) await q.dropIndex('users', index.name as string);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndices('users', REPLACED);
    for (const [name] of SORTED) await q.dropIndex('users', name);
  }
}
