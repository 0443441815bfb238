import { randomUUID } from 'crypto';
import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { archOf } from '@solvr/contracts';

interface MovedFile {
  id: string;
  release_channel: string;
  version: string;
  platform: string;
  arch: string | null;
  file_name: string;
  release_notes: string | null;
  created_date: string | Date;
}

const utc = (d: string | Date) => (d instanceof Date ? d.toISOString().replace('T', ' ').replace('Z', '') : d);

/**
 * Releases own their files: every active release file of the library (installers, update packages, block maps,
 * Squirrel files and the seeded placeholders) moves to release_files with the same id, bytes and storage key, so
 * every download URL and feed stays as it was. Each moved (channel, version) gets its release_versions row if it had
 * none (published, as the feeds treated it), and a row without notes takes its files' notes. Inactive release files stay in the library as ordinary inactive files.
 * The files table keeps its release columns (unused, all null) so that the previous release can still start on
 * this schema.
 */
export class ReleaseFiles1763700000400 implements MigrationInterface {
  name = 'ReleaseFiles1763700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'release_files',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'channel', type: 'varchar', length: '10' },
          { name: 'version', type: 'varchar', length: '50' },
          { name: 'platform', type: 'varchar', length: '10' },
          { name: 'arch', type: 'varchar', length: '10' },
          { name: 'file_name', type: 'varchar', length: '200' },
          { name: 'file_type', type: 'varchar', length: '130' },
          { name: 'file_size', type: 'bigint' },
          { name: 'storage_key', type: 'varchar', length: '100' },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'sha512', type: 'varchar', length: '100' },
          { name: 'block_map_size', type: 'int', isNullable: true },
          { name: 'download_count', type: 'int', default: 0 },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_release_files_created_by', columnNames: ['created_by'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'SET NULL' }),
        ],
        indices: [
          new TableIndex({ name: 'uq_release_files_storage_key', columnNames: ['storage_key'], isUnique: true }),
          new TableIndex({ name: 'idx_release_files_version', columnNames: ['channel', 'version'] }),
          new TableIndex({ name: 'idx_release_files_name', columnNames: ['file_name'] }),
        ],
      }),
    );
    const moved: MovedFile[] = await q.query(
      'SELECT id, release_channel, version, platform, arch, file_name, release_notes, created_date FROM files WHERE release_channel IS NOT NULL AND platform IS NOT NULL AND is_active = 1 ORDER BY created_date, id',
    );
    const known = new Set(((await q.query('SELECT channel, version FROM release_versions')) as { channel: string; version: string }[]).map((r) => `${r.channel}\n${r.version}`));
    for (const f of moved) {
      await q.query(
        'INSERT INTO release_files (id, channel, version, platform, arch, file_name, file_type, file_size, storage_key, sha256, sha512, block_map_size, download_count, created_by, created_date) ' +
          'SELECT id, release_channel, version, platform, ?, file_name, file_type, file_size, storage_key, sha256, sha512, NULL, download_count, created_by, created_date FROM files WHERE id = ?',
        [f.arch ?? archOf(f.file_name), f.id],
      );
      const key = `${f.release_channel}\n${f.version}`;
      if (known.has(key)) {
        // The feeds read a file's notes where its version had none: the version keeps them now.
        if (f.release_notes) await q.query("UPDATE release_versions SET notes = ? WHERE channel = ? AND version = ? AND notes = ''", [f.release_notes, f.release_channel, f.version]);
        continue;
      }
      known.add(key);
      const date = utc(f.created_date);
      // No published_date: the feeds date such a version by each platform's first file, as they did.
      await q.query(
        'INSERT INTO release_versions (id, channel, version, notes, state, rollout_percentage, rollout_paused, published_date, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), f.release_channel, f.version, f.release_notes ?? '', 'published', 100, 0, null, date, date],
      );
    }
    // A download row of a moved file keeps its user and date; its file is no longer a library file.
    for (const f of moved) await q.query('DELETE FROM files WHERE id = ?', [f.id]);
    await q.query('UPDATE files SET release_channel = NULL, platform = NULL, arch = NULL WHERE release_channel IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'INSERT INTO files (id, name, description, version, file_name, file_type, file_size, storage_key, sha256, sha512, access_type, allowed_users, is_active, is_paid, price, currency, download_count, created_by, created_date, updated_date, release_channel, platform, release_notes, arch) ' +
        "SELECT r.id, r.file_name, '', r.version, r.file_name, r.file_type, r.file_size, r.storage_key, r.sha256, r.sha512, 'all_users', '[]', 1, 0, 0, 'USD', r.download_count, r.created_by, r.created_date, r.created_date, r.channel, r.platform, v.notes, r.arch " +
        'FROM release_files r LEFT JOIN release_versions v ON v.channel = r.channel AND v.version = r.version',
    );
    await q.dropTable('release_files', true, true, true);
  }
}
