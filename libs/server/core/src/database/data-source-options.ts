import { mkdirSync } from 'fs';
import { dirname } from 'path';
import { DataSourceOptions, MigrationInterface } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';

export type Migration = new () => MigrationInterface;

/** The features' migrations as one list in timestamp order (the 13 digits that end each class name). */
export function composeMigrations(...lists: Migration[][]): Migration[] {
  const stamp = (m: Migration) => Number(/(\d{13})$/.exec(m.name)?.[1] ?? 0);
  return lists.flat().sort((a, b) => stamp(a) - stamp(b));
}

/** One set of options for both databases; schema changes only through the given migrations. */
export function dataSourceOptions(db: DatabaseConfig, migrations: Migration[] = []): DataSourceOptions {
  const common = { migrations, migrationsTableName: 'migrations', synchronize: false } as const;
  if (db.type === 'mysql') {
    // trace: false: mysql2 otherwise records a stack trace for every query, in case it fails (4.5 % of the api's
    // CPU under the mixed load of bench/scenarios/load.mjs); a failed query still names its SQL and error.
    return { ...common, type: 'mysql', url: db.url, charset: 'utf8mb4_unicode_ci', timezone: 'Z', connectTimeout: 5000, extra: { trace: false } };
  }
  mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    prepareDatabase: (sqlite: { pragma(s: string): unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      // With WAL, NORMAL syncs at checkpoints instead of on every commit: safe against crashes of the process,
      // and several times faster for the many small writes of sign-in and refresh.
      sqlite.pragma('synchronous = NORMAL');
      sqlite.pragma('busy_timeout = 5000');
    },
  };
}
