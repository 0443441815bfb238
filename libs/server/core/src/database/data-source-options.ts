import { mkdirSync } from 'fs';
import { dirname } from 'path';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { MIGRATIONS } from './migrations';

/** One set of options for both databases; schema changes only through migrations. */
export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  const common = { migrations: MIGRATIONS, migrationsTableName: 'migrations', synchronize: false } as const;
  if (db.type === 'mysql') {
    return { ...common, type: 'mysql', url: db.url, charset: 'utf8mb4_unicode_ci', timezone: 'Z', connectTimeout: 5000 };
  }
  mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    prepareDatabase: (sqlite: { pragma(s: string): unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('busy_timeout = 5000');
    },
  };
}
