import { MigrationInterface, QueryRunner } from 'typeorm';
import { fileTypeLabel } from '@solvr/contracts';

/**
 * The library is paged in SQL (issue 55): a type_label column for its type filter, filled from each file's type and
 * name as the cards show it, and an index for each sort's keyset (library-reads.ts). On SQLite the name sorts
 * case-insensitively, so its index is NOCASE (MariaDB's _ci collation already is).
 */
const INDEXES: Array<[name: string, columns: string]> = [
  ['files_sort_created', 'created_date, id'],
  ['files_sort_name', 'name{nocase}, created_date, id'],
  ['files_sort_popular', 'download_count, created_date, id'],
];

export class FilesLibraryOrder1763700000500 implements MigrationInterface {
  name = 'FilesLibraryOrder1763700000500';

  async up(q: QueryRunner): Promise<void> {
    // Plain ALTER: TypeORM's addColumn rebuilds a SQLite table, whose drop would null file_downloads.file_id.
    await q.query("ALTER TABLE files ADD COLUMN type_label varchar(200) NOT NULL DEFAULT ''");
    const rows: Array<{ id: string; file_type: string; file_name: string }> = await q.query('SELECT id, file_type, file_name FROM files');
    for (const row of rows) await q.query('UPDATE files SET type_label = ? WHERE id = ?', [fileTypeLabel(row.file_type, row.file_name), row.id]);
    const sqlite = q.connection.driver.options.type === 'better-sqlite3';
    for (const [name, columns] of INDEXES) await q.query(`CREATE INDEX ${name} ON files (${columns.replace('{nocase}', sqlite ? ' COLLATE NOCASE' : '')})`);
    await q.dropIndex('files', 'idx_files_created');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX idx_files_created ON files (created_date)');
    for (const [name] of INDEXES) await q.dropIndex('files', name);
    await q.query('ALTER TABLE files DROP COLUMN type_label');
  }
}
