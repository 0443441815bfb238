import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Campaigns (the Email Center's bulk sends): one row each, and each outbox message names its campaign. The outbox
 * also keeps the extra headers of a message (List-Unsubscribe), so a retry sends exactly what was queued.
 */
export class MailCampaigns1763700000031 implements MigrationInterface {
  name = 'MailCampaigns1763700000031';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'mail_campaigns',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'subject', type: 'varchar', length: '300' },
          { name: 'message', type: 'text' },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          { name: 'total', type: 'int', default: 0 },
          { name: 'skipped', type: 'int', default: 0 },
          { name: 'created_date', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'idx_mail_campaigns_created', columnNames: ['created_date'] }],
      }),
    );
    // Plain SQL, valid on MariaDB 10.5+, MySQL 8 and SQLite 3.35+: TypeORM's renameColumn rebuilds the column on
    // MySQL (and fails going down), and its SQLite table rebuilds work from a cached copy of the old table.
    await q.query('ALTER TABLE mail_outbox RENAME COLUMN batch_id TO campaign_id');
    await q.query('ALTER TABLE mail_outbox ADD COLUMN headers text NULL');
    await q.query('CREATE INDEX idx_mail_outbox_campaign ON mail_outbox (campaign_id, status)');
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type !== 'better-sqlite3';
    await q.query(mysql ? 'DROP INDEX idx_mail_outbox_campaign ON mail_outbox' : 'DROP INDEX idx_mail_outbox_campaign');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN headers');
    await q.query('ALTER TABLE mail_outbox RENAME COLUMN campaign_id TO batch_id');
    await q.dropTable('mail_campaigns');
  }
}
