import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { SEEDED_RELEASES, seededDigests } from '../seeded-releases';

/** UTC with milliseconds, as TypeORM writes datetime(3) on both SQLite and MySQL (timezone Z). */
const utc = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

/**
 * Releases: a file can be the installer of a channel for a platform, with release notes; who waits for a platform
 * (Notify me); and the two releases a new site starts with (their bytes are written at start-up, see ReleasesService).
 */
export class Releases1763700000011 implements MigrationInterface {
  name = 'Releases1763700000011';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('files', [
      new TableColumn({ name: 'release_channel', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'platform', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'release_notes', type: 'text', isNullable: true }),
    ]);
    await q.createIndex('files', new TableIndex({ name: 'idx_files_release', columnNames: ['release_channel', 'platform', 'created_date'] }));
    await q.createTable(
      new Table({
        name: 'release_subscriptions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'platform', type: 'varchar', length: '10' },
          { name: 'created_date', type: 'datetime', precision: 3 },
          { name: 'notified_date', type: 'datetime', precision: 3, isNullable: true },
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_release_subscriptions_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
        ],
        indices: [
          new TableIndex({ name: 'uq_release_subscriptions_user_platform', columnNames: ['user_id', 'platform'], isUnique: true }),
          new TableIndex({ name: 'idx_release_subscriptions_waiting', columnNames: ['platform', 'notified_date'] }),
        ],
      }),
    );
    const now = utc(new Date());
    for (const seed of SEEDED_RELEASES) {
      const bytes = seededDigests(seed);
      await q.query(
        'INSERT INTO files (id, name, description, version, file_name, file_type, file_size, storage_key, sha256, sha512, access_type, allowed_users, ' +
          'is_active, is_paid, price, currency, download_count, created_by, created_date, updated_date, release_channel, platform, release_notes) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          seed.id,
          seed.name,
          seed.releaseNotes,
          seed.version,
          seed.fileName,
          'application/zip',
          bytes.size,
          seed.storageKey,
          bytes.sha256,
          bytes.sha512,
          'all_users',
          '[]',
          1,
          0,
          0,
          'USD',
          seed.downloadCount,
          null,
          now,
          now,
          seed.channel,
          seed.platform,
          seed.releaseNotes,
        ],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('release_subscriptions', true, true, true);
    await q.query(`DELETE FROM files WHERE id IN (${SEEDED_RELEASES.map(() => '?').join(', ')})`, SEEDED_RELEASES.map((s) => s.id));
    await q.dropIndex('files', 'idx_files_release');
    await q.dropColumns('files', ['release_notes', 'platform', 'release_channel']);
  }
}
