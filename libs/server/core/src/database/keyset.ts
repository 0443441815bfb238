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

const KEYSET_AT = 'keyset_at';

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

/**
 * Newest first by created_date then id, after the cursor when given: an index on (created_date, id) serves it in
 * order, so a deep page costs what the first does.
 */
export function newestFirstAfter<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string, after: KeysetCursor | null): SelectQueryBuilder<T> {
  if (after) {
    const at = qb.connection.options.type === 'better-sqlite3' ? after.at : new Date(after.at);
    qb.andWhere(`(${alias}.created_date < :keysetAt OR (${alias}.created_date = :keysetAt AND ${alias}.id < :keysetId))`, { keysetAt: at, keysetId: after.id });
  }
  return qb.addSelect(`${alias}.created_date`, KEYSET_AT).orderBy(`${alias}.created_date`, 'DESC').addOrderBy(`${alias}.id`, 'DESC');
}

/** The cursor after a row, from its raw keyset_at (text on SQLite, a Date from MariaDB) and id. */
export function keysetCursorOf(raw: Record<string, unknown>, id: string): KeysetCursor {
  const at = raw[KEYSET_AT];
  return { at: at instanceof Date ? at.toISOString() : String(at), id };
}

/** The rows of a newestFirstAfter query, each with the cursor that continues after it. */
export async function keysetRows<T extends ObjectLiteral & { id: string }>(qb: SelectQueryBuilder<T>): Promise<Array<{ row: T; cursor: KeysetCursor }>> {
  const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
  return entities.map((row, i) => ({ row, cursor: keysetCursorOf(raw[i] ?? {}, row.id) }));
}
