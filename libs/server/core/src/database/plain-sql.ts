import type { EntityManager, ObjectLiteral, Repository } from 'typeorm';

/*
 * Plain SQL for the hot paths (a download link, a token refresh): TypeORM's query builders make their SQL anew on every
 * call, 0.3-1 ms a statement on 2 cores. Write statements with `?` placeholders and the schema's names, which both
 * databases accept unquoted, and pass dates and transformed columns through sqlValue.
 */

/**
 * Runs one write statement and answers how many rows it changed: inside `tx` (an inTransaction's manager), or on its
 * own in autocommit through the repository's connection.
 */
export async function changedRows(on: EntityManager | Repository<ObjectLiteral>, sql: string, params: unknown[]): Promise<number> {
  const connection = 'metadata' in on ? on.manager.connection : on.connection;
  const runner = on.queryRunner ?? connection.createQueryRunner();
  try {
    return (await runner.query(sql, params, true)).affected ?? 0;
  } finally {
    if (runner !== on.queryRunner) await runner.release();
  }
}

/**
 * A value as the driver stores it in `property`'s column: SQLite keeps dates as text that SQL compares as text, MySQL
 * as DATETIME, and transformers apply. The same conversion TypeORM makes for its own statements.
 */
export function sqlValue<T extends ObjectLiteral>(repository: Repository<T>, property: keyof T & string, value: unknown): unknown {
  const column = repository.metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${repository.metadata.name} has no column ${property}`);
  return repository.manager.connection.driver.preparePersistentValue(value, column);
}
