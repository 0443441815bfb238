import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

// The QueryRunner table API, so the same migration runs on SQLite and MySQL. Dates carry milliseconds.
const date = (name: string) => ({ name, type: 'datetime', precision: 3 });

/** Files (spec section 3) and one row per counted download. */
export class Files1763700000010 implements MigrationInterface {
  name = 'Files1763700000010';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'files',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'description', type: 'text' },
          { name: 'version', type: 'varchar', length: '50', default: "''" },
          { name: 'file_name', type: 'varchar', length: '200' },
          { name: 'file_type', type: 'varchar', length: '130' },
          { name: 'file_size', type: 'bigint' },
          { name: 'storage_key', type: 'varchar', length: '100', isUnique: true },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'sha512', type: 'varchar', length: '100' },
          { name: 'access_type', type: 'varchar', length: '20' },
          { name: 'allowed_users', type: 'text' },
          { name: 'is_active', type: 'boolean', default: true },
          { name: 'is_paid', type: 'boolean', default: false },
          { name: 'price', type: 'int', default: 0 },
          { name: 'currency', type: 'varchar', length: '3', default: "'USD'" },
          { name: 'download_count', type: 'int', default: 0 },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          date('created_date'),
          date('updated_date'),
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_files_created_by', columnNames: ['created_by'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'SET NULL' }),
        ],
        indices: [new TableIndex({ name: 'idx_files_created', columnNames: ['created_date'] })],
      }),
    );
    await q.createTable(
      new Table({
        name: 'file_downloads',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'file_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          date('created_date'),
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_file_downloads_file', columnNames: ['file_id'], referencedTableName: 'files', referencedColumnNames: ['id'], onDelete: 'SET NULL' }),
          new TableForeignKey({ name: 'fk_file_downloads_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
        ],
        indices: [
          new TableIndex({ name: 'idx_file_downloads_file', columnNames: ['file_id'] }),
          new TableIndex({ name: 'idx_file_downloads_user', columnNames: ['user_id', 'created_date'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('file_downloads', true, true, true);
    await q.dropTable('files', true, true, true);
  }
}
