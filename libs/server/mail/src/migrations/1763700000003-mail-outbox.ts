import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const created = [
  { name: 'created_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
  { name: 'updated_date', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
];
const optional = (name: string, length = '200') => ({ name, type: 'varchar', length, isNullable: true });

/** The mail outbox. Databases made before features owned their migrations got it from Init1763700000000. */
export class MailOutbox1763700000003 implements MigrationInterface {
  name = 'MailOutbox1763700000003';

  async up(q: QueryRunner): Promise<void> {
    if (await q.hasTable('mail_outbox')) return;
    await q.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '40' },
          { name: 'to_address', type: 'varchar', length: '254' },
          { name: 'subject', type: 'varchar', length: '300' },
          { name: 'text_body', type: 'text' },
          { name: 'html_body', type: 'text', isNullable: true },
          optional('from_name'),
          { name: 'status', type: 'varchar', length: '16', default: "'queued'" },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'last_error', type: 'text', isNullable: true },
          { name: 'batch_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          ...created,
        ],
      }),
    );
    await q.createIndex('mail_outbox', new TableIndex({ name: 'idx_mail_outbox_status', columnNames: ['status', 'created_date'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('mail_outbox', 'idx_mail_outbox_status');
    await q.dropTable('mail_outbox');
  }
}
