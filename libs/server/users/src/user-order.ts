import { BadRequestException } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ADMIN_USER_SORTS, ADMIN_USERS_DEFAULT_ORDER, ADMIN_USERS_TEXTS as T, type AdminUserOrder, type AdminUserSort, SORT_DIRECTIONS, type SortDirection } from '@solvr/contracts';

interface SortColumn {
  column: string;
  nullable?: boolean;
  /** Text compared case-insensitively (SQLite needs NOCASE; MariaDB's _ci collation already is). */
  text?: boolean;
  date?: boolean;
  /** Status sorts by its label (Active, Inactive, New), which is last_login newest first, Never last. */
  reversed?: boolean;
}

/** Each sort has an index on (column, id), migration UsersSortIndexes1763700000250, that serves it in order both ways. */
const COLUMNS: Record<AdminUserSort, SortColumn> = {
  name: { column: 'full_name', nullable: true, text: true },
  email: { column: 'email' },
  company: { column: 'company', nullable: true, text: true },
  role: { column: 'role' },
  downloads: { column: 'download_count' },
  joined: { column: 'created_date', date: true },
  last_login: { column: 'last_login', nullable: true, date: true },
  status: { column: 'last_login', nullable: true, date: true, reversed: true },
};

/** The order from the query string (the default when absent); an unknown column or direction is a 400. */
export function userOrderOf(sort: string, dir: string): AdminUserOrder {
  if (sort && !(ADMIN_USER_SORTS as readonly string[]).includes(sort)) throw new BadRequestException(T.badSort);
  if (dir && !(SORT_DIRECTIONS as readonly string[]).includes(dir)) throw new BadRequestException(T.badDirection);
  const chosen = (sort || ADMIN_USERS_DEFAULT_ORDER.sort) as AdminUserSort;
  return { sort: chosen, dir: (dir || (sort ? 'asc' : ADMIN_USERS_DEFAULT_ORDER.dir)) as SortDirection };
}

/** Where a page ends: the order it belongs to, the last row's sort value exactly as the database holds it, and its id. */
export interface UserCursor extends AdminUserOrder {
  value: string | number | null;
  id: string;
}

export const encodeUserCursor = (c: UserCursor): string => Buffer.from(JSON.stringify([c.sort, c.dir, c.value, c.id])).toString('base64url');

/** A cursor of another order, or not one at all, is a 400 (the list reloads). */
export function decodeUserCursor(raw: string, order: AdminUserOrder): UserCursor {
  try {
    const [sort, dir, value, id] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    const valueOk = value === null || typeof value === 'string' || typeof value === 'number';
    if (sort === order.sort && dir === order.dir && valueOk && typeof id === 'string' && id) return { ...order, value: value as UserCursor['value'], id };
  } catch {
    // falls through to the 400
  }
  throw new BadRequestException(T.badCursor);
}

/** The alias under which a page query selects the sort value (for the next cursor). */
export const SORT_VALUE = 'sort_value';

/**
 * One ordered range of a sorted page. A nullable column is read as two ranges, its NULLs and its values, in the
 * order the database sorts them (NULLs first ascending, last descending); each range is a plain index range scan on
 * (column, id), so a deep page costs what the first does. `after` starts the range after that row.
 */
interface Range {
  nulls: boolean;
  after: UserCursor | null;
}

export function rangesOf(order: AdminUserOrder, after: UserCursor | null): Range[] {
  const spec = COLUMNS[order.sort];
  if (!spec.nullable) return [{ nulls: false, after }];
  const ascending = (order.dir === 'asc') !== !!spec.reversed;
  const ranges: Range[] = ascending ? [{ nulls: true, after: null }, { nulls: false, after: null }] : [{ nulls: false, after: null }, { nulls: true, after: null }];
  if (!after) return ranges;
  // Start in the cursor's range; the ranges before it are done.
  const at = ranges.findIndex((r) => r.nulls === (after.value === null));
  return ranges.slice(at).map((r, i) => (i === 0 ? { ...r, after } : r));
}

/** Orders `qb` (alias u) by the sort column then id, within one range, after its cursor; selects the sort value. */
export function orderedRange<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, order: AdminUserOrder, range: Range): SelectQueryBuilder<T> {
  const spec = COLUMNS[order.sort];
  const sqlite = qb.connection.driver.options.type === 'better-sqlite3';
  const column = `u.${spec.column}${spec.text && sqlite ? ' COLLATE NOCASE' : ''}`;
  const ascending = (order.dir === 'asc') !== !!spec.reversed;
  const [after, direction] = ascending ? (['>', 'ASC'] as const) : (['<', 'DESC'] as const);
  if (spec.nullable) qb.andWhere(`u.${spec.column} IS ${range.nulls ? '' : 'NOT '}NULL`);
  const cursor = range.after;
  if (cursor && range.nulls) {
    qb.andWhere(`u.id ${after} :sortId`, { sortId: cursor.id });
  } else if (cursor) {
    // The leading bound gives both databases the start of the index range; ties are then decided by id.
    const value = spec.date && !sqlite && typeof cursor.value === 'string' ? new Date(cursor.value) : cursor.value;
    qb.andWhere(`${column} ${after}= :sortValue AND (${column} ${after} :sortValue OR u.id ${after} :sortId)`, { sortValue: value, sortId: cursor.id });
  }
  qb.addSelect(`u.${spec.column}`, SORT_VALUE);
  // Within the NULLs the column is the same for all: ordering by id alone lets MariaDB read the index in order too.
  return range.nulls ? qb.orderBy('u.id', direction) : qb.orderBy(column, direction).addOrderBy('u.id', direction);
}

/** The cursor after a row of an orderedRange query: its raw sort value (text on SQLite, a Date from MariaDB) and id. */
export function userCursorOf(order: AdminUserOrder, raw: Record<string, unknown>, id: string): UserCursor {
  const value = raw[SORT_VALUE];
  return { ...order, id, value: value instanceof Date ? value.toISOString() : value == null ? null : typeof value === 'number' ? value : String(value) };
}
