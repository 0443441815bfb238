import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A campaign's messages are made by the worker after the admin's request has answered: the campaign keeps its
 * audience and the fan-out's cursor, so a fan-out cut short (worker killed, Redis down) resumes where it stopped.
 * Campaigns made before this were fanned out in the request: they default to done.
 */
export class CampaignFanout1763700000060 implements MigrationInterface {
  name = 'CampaignFanout1763700000060';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type !== 'better-sqlite3';
    await q.query(`ALTER TABLE mail_campaigns ADD COLUMN audience ${mysql ? 'mediumtext' : 'text'} NULL`);
    await q.query("ALTER TABLE mail_campaigns ADD COLUMN fanout_after varchar(36) NOT NULL DEFAULT ''");
    await q.query('ALTER TABLE mail_campaigns ADD COLUMN fanned_out boolean NOT NULL DEFAULT 1');
    await q.query('ALTER TABLE mail_campaigns ADD COLUMN fanout_at datetime(3) NULL');
    await q.query('CREATE INDEX idx_mail_campaigns_fanout ON mail_campaigns (fanned_out, fanout_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type !== 'better-sqlite3';
    await q.query(mysql ? 'DROP INDEX idx_mail_campaigns_fanout ON mail_campaigns' : 'DROP INDEX idx_mail_campaigns_fanout');
    for (const column of ['fanout_at', 'fanned_out', 'fanout_after', 'audience']) await q.query(`ALTER TABLE mail_campaigns DROP COLUMN ${column}`);
  }
}
