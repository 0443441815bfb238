import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
/** SQLite has one connection: a transaction opened while another is open fails, so they take turns per database. */
const sqliteTails = new WeakMap<DataSource, Promise<unknown>>();

/**
 * Runs `work` in a transaction, all or nothing. On SQLite transactions of the whole process take turns; on MySQL a
 * deadlock or lock timeout runs the work again (up to 3 times), so `work` must be safe to repeat.
 */
export async function inTransaction<T>(dataSource: DataSource, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type === 'better-sqlite3') {
    const run = (sqliteTails.get(dataSource) ?? Promise.resolve()).then(() => dataSource.transaction(work));
    sqliteTails.set(dataSource, run.catch(() => undefined));
    return run;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (err) {
      const code = err instanceof QueryFailedError ? (err.driverError as { code?: string } | undefined)?.code : undefined;
      if (!code || !RETRYABLE.has(code) || attempt >= 3) throw err;
    }
  }
}
