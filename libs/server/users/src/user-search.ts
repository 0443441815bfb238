import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern } from '@solvr/server-core';

export type SearchedUserColumn = 'email' | 'full_name' | 'company';

/** The shortest text the trigram index can find (shorter ones are a LIKE scan, which few searches are). */
const INDEXED_MIN_CHARS = 3;

/**
 * Users whose columns contain `query` as typed, case-insensitively, LIKE wildcards taken literally (alias `u`).
 * SQLite: the users_search trigram index (migration UsersSearch1763700000070), which also ignores accents, so the
 * search costs an index read instead of a table scan on the api's thread. MariaDB: LIKE, which its _ci collation
 * already makes case- and accent-insensitive (no LOWER() per row), answered off the api's thread, on the rows whose
 * search_weights hold the query's weights (migration UsersSearchWeights1763700000300): one byte search per row
 * first, where three LIKEs per row cost twice as much. Every row LIKE finds holds them, so nothing is missed.
 */
export function whereUserMatches<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: string, columns: SearchedUserColumn[]): SelectQueryBuilder<T> {
  const text = query.trim().slice(0, 100);
  if (!text) return qb.where('1=1');
  const sqlite = qb.connection.driver.options.type === 'better-sqlite3';
  if (sqlite && Array.from(text).length >= INDEXED_MIN_CHARS) {
    // An FTS5 phrase in the named columns: a substring match for the trigram tokenizer; '"' doubled is a literal quote.
    const match = `{${columns.join(' ')}} : "${text.replace(/"/g, '""')}"`;
    return qb.where('u.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH :match)', { match });
  }
  const like = containsPattern(text.toLowerCase());
  if (sqlite) return qb.where(likeAny(columns), { like });
  // MySQL evaluates AND left to right: the LIKEs run only on the rows that hold the weights.
  return qb.where(`(INSTR(u.search_weights, WEIGHT_STRING(CONVERT(:text USING utf8mb4) COLLATE utf8mb4_unicode_ci)) > 0 AND ${likeAny(columns)})`, { text, like });
}

const likeAny = (columns: SearchedUserColumn[]) => `(${columns.map((c) => `u.${c} LIKE :like ESCAPE '!'`).join(' OR ')})`;
