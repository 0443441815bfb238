import { MigrationInterface, QueryRunner, Table } from 'typeorm';

// Written with the QueryRunner table API so the same migration runs on SQLite and MySQL.
const created = [
  { name: 'created_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
  { name: 'updated_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
];
const optional = (name: string, length = '200') => ({ name, type: 'varchar', length, isNullable: true });

/** The users table. Its name is kept from when it also created mail_outbox, so existing databases stay in step. */
export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          optional('password_hash', '255'),
          optional('full_name'),
          { name: 'role', type: 'varchar', length: '16', default: "'user'" },
          optional('company'),
          optional('job_title'),
          optional('phone', '40'),
          optional('street_address_1'),
          optional('street_address_2'),
          optional('city', '120'),
          optional('state_province', '120'),
          optional('postal_code', '12'),
          optional('country', '120'),
          { name: 'download_count', type: 'int', default: 0 },
          { name: 'last_login', type: 'datetime', isNullable: true },
          { name: 'profile_completed', type: 'boolean', default: false },
          { name: 'email_verified', type: 'boolean', default: false },
          { name: 'google_id', type: 'varchar', length: '64', isNullable: true, isUnique: true },
          ...created,
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('users');
  }
}
