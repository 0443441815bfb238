import { MigrationInterface, QueryRunner } from 'typeorm';

/** Campaigns are written in Markdown from now on; those sent before keep rendering as plain paragraphs. */
export class CampaignFormat1763700000100 implements MigrationInterface {
  name = 'CampaignFormat1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE mail_campaigns ADD COLUMN format varchar(10) NOT NULL DEFAULT 'text'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_campaigns DROP COLUMN format');
  }
}
