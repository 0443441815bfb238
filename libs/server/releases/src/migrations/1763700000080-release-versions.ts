import { randomUUID } from 'crypto';
import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { archOf } from '@solvr/contracts';

/**
 * Releases as versions: each (channel, version) of the release files gets a row with its state in the feeds (draft,
 * published, pulled) and its staged rollout; files get their CPU architecture; deploy tokens let a CI job publish;
 * release_activity counts each version's downloads and update checks per day and platform; release_channels holds the
 * channels an admin adds beside stable and beta.
 * Every release that exists is published to everyone, as it was.
 */
export class ReleaseVersions1763700000080 implements MigrationInterface {
  name = 'ReleaseVersions1763700000080';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('files', new TableColumn({ name: 'arch', type: 'varchar', length: '10', isNullable: true }));
    await q.createTable(
      new Table({
        name: 'release_versions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'channel', type: 'varchar', length: '10' },
          { name: 'version', type: 'varchar', length: '50' },
          { name: 'notes', type: 'text' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'rollout_percentage', type: 'int', default: 100 },
          { name: 'rollout_paused', type: 'boolean', default: false },
          { name: 'published_date', type: 'datetime', precision: 3, isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
          { name: 'updated_date', type: 'datetime', precision: 3 },
        ],
        indices: [new TableIndex({ name: 'uq_release_versions_channel_version', columnNames: ['channel', 'version'], isUnique: true })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'deploy_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
          { name: 'last_used_date', type: 'datetime', precision: 3, isNullable: true },
          { name: 'revoked_date', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [new TableIndex({ name: 'uq_deploy_tokens_hash', columnNames: ['token_hash'], isUnique: true })],
      }),
    );

    await q.createTable(
      new Table({
        name: 'release_channels',
        columns: [
          { name: 'name', type: 'varchar', length: '10', isPrimary: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'release_activity',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'channel', type: 'varchar', length: '10', isPrimary: true },
          { name: 'version', type: 'varchar', length: '50', isPrimary: true },
          { name: 'platform', type: 'varchar', length: '10', isPrimary: true },
          { name: 'downloads', type: 'int', default: 0 },
          { name: 'update_checks', type: 'int', default: 0 },
        ],
      }),
    );

    const files: { id: string; file_name: string; release_channel: string; version: string; release_notes: string | null; created_date: string | Date }[] = await q.query(
      'SELECT id, file_name, release_channel, version, release_notes, created_date FROM files WHERE release_channel IS NOT NULL ORDER BY created_date',
    );
    const versions = new Map<string, { channel: string; version: string; notes: string; first: string | Date }>();
    for (const f of files) {
      await q.query('UPDATE files SET arch = ? WHERE id = ?', [archOf(f.file_name), f.id]);
      const key = `${f.release_channel}\n${f.version}`;
      const known = versions.get(key);
      versions.set(key, { channel: f.release_channel, version: f.version, notes: f.release_notes ?? known?.notes ?? '', first: known?.first ?? f.created_date });
    }
    for (const v of versions.values()) {
      const first = v.first instanceof Date ? v.first.toISOString().replace('T', ' ').replace('Z', '') : v.first;
      await q.query(
        'INSERT INTO release_versions (id, channel, version, notes, state, rollout_percentage, rollout_paused, published_date, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        // No published_date: the feeds go on dating such a version by each platform's file, as before this table.
        [randomUUID(), v.channel, v.version, v.notes, 'published', 100, 0, null, first, first],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('release_activity');
    await q.dropTable('release_channels');
    await q.dropTable('deploy_tokens');
    await q.dropTable('release_versions');
    await q.dropColumn('files', 'arch');
  }
}
