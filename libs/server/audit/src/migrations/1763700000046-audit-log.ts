import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class AuditLog1763700000046 implements MigrationInterface {
  name = 'AuditLog1763700000046';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'action', type: 'varchar', length: '32' },
          { name: 'actor_id', type: 'varchar', length: '36' },
          { name: 'actor_email', type: 'varchar', length: '254' },
          { name: 'target_type', type: 'varchar', length: '32' },
          { name: 'target_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'target_label', type: 'varchar', length: '300', isNullable: true },
          { name: 'detail', type: 'varchar', length: '500', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
        ],
        indices: [
          new TableIndex({ name: 'audit_log_created_id', columnNames: ['created_date', 'id'] }),
          new TableIndex({ name: 'audit_log_action_created', columnNames: ['action', 'created_date'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('audit_log', true, true, true);
  }
}
