import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Saved searches of the Users tab (a segment of the Email Center). */
export class UsersSavedSearches1763700000200 implements MigrationInterface {
  name = 'UsersSavedSearches1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'user_saved_searches',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'q', type: 'varchar', length: '100' },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('user_saved_searches');
  }
}
