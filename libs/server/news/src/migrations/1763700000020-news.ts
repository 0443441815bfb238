import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** News posts (spec section 3). Content up to 200,000 characters: MEDIUMTEXT on MySQL (TEXT holds 64 KB). */
export class News1763700000020 implements MigrationInterface {
  name = 'News1763700000020';

  async up(q: QueryRunner): Promise<void> {
    const longText = q.connection.options.type === 'mysql' ? 'mediumtext' : 'text';
    await q.createTable(
      new Table({
        name: 'news',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'slug', type: 'varchar', length: '100', isUnique: true },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'excerpt', type: 'text' },
          { name: 'content', type: longText },
          { name: 'author', type: 'varchar', length: '100' },
          { name: 'is_featured', type: 'boolean', default: false },
          { name: 'is_published', type: 'boolean', default: true },
          { name: 'created_by', type: 'varchar', length: '36', isNullable: true },
          { name: 'created_date', type: 'datetime', precision: 3 },
          { name: 'updated_date', type: 'datetime', precision: 3 },
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_news_created_by', columnNames: ['created_by'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'SET NULL' }),
        ],
        indices: [new TableIndex({ name: 'idx_news_published', columnNames: ['is_published', 'created_date'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('news', true, true, true);
  }
}
