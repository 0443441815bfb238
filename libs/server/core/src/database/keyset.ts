import { BadRequestException } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Where a newest-first page ends: the last row's created_date exactly as the database holds it, and its id (which
 * breaks ties). SQLite keeps datetimes as text, with or without milliseconds depending on who wrote the row:
 * comparing against the stored text itself keeps the order exact.
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

export const encodeKeysetCursor = (cursor: KeysetCursor): string => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

export function decodeKeysetCursor(raw: string): KeysetCursor {
  const text = Buffer.from(raw, 'base64url').toString();
  const cut = text.lastIndexOf('|');
  const at = text.slice(0, cut);
  const id = text.slice(cut + 1);
  if (cut < 1 || !id || Number.isNaN(Date.parse(at.includes('T') ? at : `${at.replace(' ', 'T')}Z`))) {
    throw new BadRequestException('The page cursor is not valid. Reload the list.');
  }
  return { at, id };
}

/** One column of a keyset order (the last one must be unique, such as id). */
export interface KeysetKey {
  column: string;
  dir: 'ASC' | 'DESC';
  /** Text compared case-insensitively (SQLite needs NOCASE; MariaDB's _ci collation already is). */
  nocase?: boolean;
  /** A datetime: SQLite compares the stored text, MariaDB a Date. */
  date?: boolean;
}

/** A key's value as a cursor holds it: the database's own text on SQLite, ISO text for a MariaDB Date. */
export type KeysetValue = string | number;

/**
 * Orders `qb` by `keys` and, after a page whose last row had `after` (one value per key), starts past that row:
 * (k1 > v1) OR (k1 = v1 AND k2 > v2) ... each in its key's direction. Selects every key as keyset_{i} for keysetValuesOf.
 */
export function keysetOrder<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, keys: readonly KeysetKey[], after: readonly KeysetValue[] | null): SelectQueryBuilder<T> {
  const sqlite = qb.connection.driver.options.type === 'better-sqlite3';
  const expr = (k: KeysetKey) => `${k.column}${k.nocase && sqlite ? ' COLLATE NOCASE' : ''}`;
  if (after) {
    const params: Record<string, unknown> = {};
    keys.forEach((k, i) => (params[`keyset${i}`] = k.date && !sqlite ? new Date(String(after[i])) : after[i]));
    const past = keys.map((k, i) => [...keys.slice(0, i).map((p, j) => `${expr(p)} = :keyset${j}`), `${expr(k)} ${k.dir === 'ASC' ? '>' : '<'} :keyset${i}`].join(' AND '));
    qb.andWhere(`((${past.join(') OR (')}))`, params);
  }
  keys.forEach((k, i) => {
    // In parentheses: a bare alias.column would be taken as the entity's own selection (its id then unset).
    qb.addSelect(`(${k.column})`, `keyset_${i}`);
    if (i === 0) qb.orderBy(expr(k), k.dir);
    else qb.addOrderBy(expr(k), k.dir);
  });
  return qb;
}

/** The keys' values of a keysetOrder row, as the next cursor holds them. */
export const keysetValuesOf = (raw: Record<string, unknown>, keys: readonly KeysetKey[]): KeysetValue[] =>
  keys.map((_, i) => {
    const v = raw[`keyset_${i}`];
    return v instanceof Date ? v.toISOString() : typeof v === 'number' ? v : String(v);
  });

/** Newest first by created_date then id: an index on (created_date, id) serves it in order. */
const newestFirst = (alias: string): KeysetKey[] => [
  { column: `${alias}.created_date`, dir: 'DESC', date: true },
  { column: `${alias}.id`, dir: 'DESC' },
];

/** A newest-first page after the cursor when given (keysetOrder), so a deep page costs what the first does. */
export function newestFirstAfter<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, after: KeysetCursor | null): SelectQueryBuilder<T> {
  return keysetOrder(qb, newestFirst(alias), after ? [after.at, after.id] : null);
}

/** The rows of a newestFirstAfter query, each with the cursor that continues after it. */
export async function keysetRows<T extends ObjectLiteral & { id: string }>(qb: SelectQueryBuilder<T>): Promise<Array<{ row: T; cursor: KeysetCursor }>> {
  const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
  const keys = newestFirst('');
  return entities.map((row, i) => ({ row, cursor: { at: String(keysetValuesOf(raw[i] ?? {}, keys)[0]), id: row.id } }));
}
