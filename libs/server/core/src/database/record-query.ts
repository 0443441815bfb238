import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** A column of the queried table, as a condition may use it: its quoted SQL name and its values as the driver stores them. */
export interface QueryColumn {
  /** `"alias"."column"`, quoted by the driver. */
  sql: string;
  /** A value as this column's driver stores it (booleans, dates), for a bound parameter. */
  prepare(value: unknown): unknown;
}

/** The SQL of a condition: text that holds only quoted column names and :named parameters, and the parameters. */
export interface QueryCondition {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * A filtered, ordered page of one table, described by another feature and run by the table's owner. Columns are named
 * by their database names; a name that is not a column of the table is refused, whoever wrote it.
 */
export interface RecordQuery {
  /** The condition, built from the columns it asks for (undefined: every row). */
  where?: (column: (name: string) => QueryColumn) => QueryCondition;
  /** Database column names; the primary key always follows, so pages are stable. */
  order: ReadonlyArray<{ column: string; direction: 'ASC' | 'DESC' }>;
  skip?: number;
  take?: number;
}

/** Adds a RecordQuery's condition, order and page to a query builder over the owner's table. */
export function applyRecordQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: RecordQuery, paged = true): SelectQueryBuilder<T> {
  const alias = qb.alias;
  const metadata = qb.expressionMap.mainAlias?.metadata;
  if (!metadata) throw new Error('applyRecordQuery needs a query over an entity');
  const driver = qb.connection.driver;
  const column = (name: string): QueryColumn => {
    const found = metadata.findColumnWithDatabaseName(name);
    if (!found) throw new Error(`${metadata.tableName} has no column ${name}`);
    return { sql: `${qb.escape(alias)}.${qb.escape(found.databaseName)}`, prepare: (value) => driver.preparePersistentValue(value, found) };
  };
  if (query.where) {
    const { sql, params } = query.where(column);
    if (sql) qb.andWhere(`(${sql})`, params);
  }
  // The primary key ends every order, so rows with equal keys keep one order from page to page.
  const keys = [...query.order];
  for (const name of metadata.primaryColumns.map((c) => c.databaseName)) {
    if (!keys.some((k) => k.column === name)) keys.push({ column: name, direction: query.order[0]?.direction ?? 'DESC' });
  }
  for (const key of keys) qb.addOrderBy(column(key.column).sql, key.direction);
  if (paged && query.skip) qb.offset(query.skip);
  if (paged && query.take !== undefined) qb.limit(query.take);
  return qb;
}
