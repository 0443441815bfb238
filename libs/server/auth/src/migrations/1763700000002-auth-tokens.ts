import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';

/** Single-use links: e-mail verification (24 h) and password reset (1 h). Only a hash of the token is stored. */
export class AuthTokens1763700000002 implements MigrationInterface {
  name = 'AuthTokens1763700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'auth_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'purpose', type: 'varchar', length: '20' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          { name: 'created_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [new TableForeignKey({ name: 'fk_auth_tokens_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('auth_tokens', true, true, true);
  }
}
