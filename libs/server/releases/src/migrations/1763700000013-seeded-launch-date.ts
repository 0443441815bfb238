import { LAUNCH_DATE } from '@solvr/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEEDED_KEY_PREFIX } from '../seeded-releases';

/** UTC with milliseconds, as TypeORM writes datetime(3) on both SQLite and MySQL (timezone Z). */
const utc = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * The releases a site starts with carry the product's launch date (LAUNCH_DATE), not the moment the seed ran. Only
 * the seeded placeholders (bytes under SEEDED_KEY_PREFIX); their last change stays when an admin has edited them since.
 */
export class SeededLaunchDate1763700000013 implements MigrationInterface {
  name = 'SeededLaunchDate1763700000013';

  async up(q: QueryRunner): Promise<void> {
    const launch = utc(new Date(LAUNCH_DATE));
    // updated_date first: MySQL assigns left to right, and it must compare with the created_date as seeded.
    await q.query(
      'UPDATE files SET updated_date = CASE WHEN updated_date = created_date THEN ? ELSE updated_date END, created_date = ? WHERE storage_key LIKE ?',
      [launch, launch, `${SEEDED_KEY_PREFIX}%`],
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: when the seed ran is not kept.
  }
}
