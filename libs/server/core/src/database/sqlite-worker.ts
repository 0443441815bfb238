import { createRequire } from 'module';
import { join } from 'path';
import { Worker } from 'worker_threads';
import type { DataSource } from 'typeorm';

/** The SQLite file behind a data source, or null on MariaDB and for an in-memory database (no other connection can open it). */
export function sqliteFileOf(dataSource: DataSource): string | null {
  const options = dataSource.options;
  if (options.type !== 'better-sqlite3') return null;
  const file = String(options.database);
  return file && file !== ':memory:' ? file : null;
}

/**
 * A worker thread running `source` with its own better-sqlite3 connection to `path` (workerData.driver, workerData.path).
 * The driver is resolved from the running program (dist/apps/api/main.js, or the test runner), not from the working directory.
 */
export function startSqliteWorker(source: string, path: string, data: Record<string, unknown> = {}): Worker {
  const driver = createRequire(process.argv[1] || join(process.cwd(), 'index.js')).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { ...data, driver, path } });
  worker.unref();
  return worker;
}
