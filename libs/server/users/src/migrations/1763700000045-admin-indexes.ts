import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The Users tab at 100,000 users: its newest-first pages walk users_created_id in order (no sort), and the
 * searched and sorted columns are indexed (e-mail already is, as a unique key).
 */
const INDEXES = [
  new TableIndex({ name: 'users_created_id', columnNames: ['created_date', 'id'] }),
  new TableIndex({ name: 'users_full_name', columnNames: ['full_name'] }),
  new TableIndex({ name: 'users_company', columnNames: ['company'] }),
  new TableIndex({ name: 'users_role', columnNames: ['role'] }),
  new TableIndex({ name: 'users_last_login', columnNames: ['last_login'] }),
];

export class UsersAdminIndexes1763700000045 implements MigrationInterface {
  name = 'UsersAdminIndexes1763700000045';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndices('users', INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of INDEXES) await q.dropIndex('users', index.name as string);
  }
}
