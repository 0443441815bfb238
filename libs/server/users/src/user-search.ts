import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern } from '@solvr/server-core';

export type SearchedUserColumn = 'email' | 'full_name' | 'company';

/**
 * Users whose columns contain `query`, case-insensitively (alias `u`): LIKE already ignores case on both databases
 * (SQLite for ASCII, MySQL by the _ci collation), so no LOWER() per row.
 */
export function whereUserMatches<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: string, columns: SearchedUserColumn[]): SelectQueryBuilder<T> {
  const text = query.trim().toLowerCase().slice(0, 100);
  if (!text) return qb.where('1=1');
  const like = containsPattern(text);
  return qb.where(`(${columns.map((c) => `u.${c} LIKE :like ESCAPE '!'`).join(' OR ')})`, { like });
}
