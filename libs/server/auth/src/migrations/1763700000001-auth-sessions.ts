import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

export class AuthSessions1763700000001 implements MigrationInterface {
  name = 'AuthSessions1763700000001';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'auth_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'rotated_at', type: 'datetime', isNullable: true },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          { name: 'created_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await q.createIndex('auth_sessions', new TableIndex({ name: 'idx_auth_sessions_family', columnNames: ['family_id'] }));
    await q.createIndex('auth_sessions', new TableIndex({ name: 'idx_auth_sessions_user', columnNames: ['user_id'] }));
    await q.createForeignKey(
      'auth_sessions',
      new TableForeignKey({ name: 'fk_auth_sessions_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('auth_sessions', true, true, true);
  }
}
