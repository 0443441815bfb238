import { BadRequestException } from '@nestjs/common';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import {
  FILE_TEXTS,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SORTS,
  LIMITS,
  normalizeEmail,
  type FileViewer,
  type LibraryListQuery,
  type LibraryPage,
  type LibrarySort,
  type LibrarySummary,
} from '@solvr/contracts';
import { containsPattern, keysetOrder, keysetValuesOf, type KeysetKey, type KeysetValue } from '@solvr/server-core';
import type { FileRecord } from './file.entity';
import { listedView } from './file.views';

const created = (dir: 'ASC' | 'DESC'): KeysetKey => ({ column: 'f.created_date', dir, date: true });
const id = (dir: 'ASC' | 'DESC'): KeysetKey => ({ column: 'f.id', dir });

/** Each sort as a keyset, ties newest first; migration FilesLibraryOrder1763700000500 indexes each. */
const ORDERS: Record<LibrarySort, KeysetKey[]> = {
  newest: [created('DESC'), id('DESC')],
  oldest: [created('ASC'), id('ASC')],
  name: [{ column: 'f.name', dir: 'ASC', nocase: true }, created('DESC'), id('DESC')],
  popular: [{ column: 'f.download_count', dir: 'DESC' }, created('DESC'), id('DESC')],
};

/** The columns a FileView and the access rule need (not the storage key, sha512 or creator). */
const LISTED = ['id', 'name', 'description', 'version', 'fileName', 'fileType', 'fileSize', 'sha256', 'accessType', 'allowedUsers', 'isActive', 'isPaid', 'price', 'currency', 'downloadCount', 'createdDate', 'updatedDate'].map((c) => `f.${c}`);

/**
 * The library's read side of the files table (FilesService stays its only writer): pages searched, filtered and
 * sorted in SQL, so no process holds or sends the whole library. The spec section 6 rule is a WHERE here
 * (whereVisible) and decides each listed row's button by fileAvailability itself, so both read it the same way.
 */
export class LibraryReads {
  constructor(private readonly files: Repository<FileRecord>) {}

  async page(viewer: FileViewer, query: LibraryListQuery): Promise<LibraryPage> {
    const sort = query.sort ?? 'newest';
    if (!LIBRARY_SORTS.includes(sort)) throw new BadRequestException(FILE_TEXTS.badLibrarySort);
    const keys = ORDERS[sort];
    const limit = query.limit ?? LIBRARY_PAGE_SIZE;
    const after = query.after ? decodeCursor(query.after, sort, keys.length) : null;
    const qb = keysetOrder(this.matching(viewer, query).select(LISTED), keys, after).limit(limit + 1);
    const { entities, raw } = await qb.getRawAndEntities<Record<string, unknown>>();
    const shown = entities.slice(0, limit);
    return {
      files: shown.map((row) => listedView(row, viewer)),
      next: entities.length > limit ? encodeCursor(sort, keysetValuesOf(raw[limit - 1], keys)) : null,
    };
  }

  /** The Dashboard tiles, the library's stat cards and its type filter, counted in SQL over what the caller sees (per type, then summed). */
  async summary(viewer: FileViewer, yourDownloads: number): Promise<LibrarySummary> {
    const available = this.availableSql(viewer);
    const weekAgo = new Date(Date.now() - LIMITS.newThisWeekMinutes * 60_000);
    const [groups, popular] = await Promise.all([
      this.visible(viewer)
        .select('f.type_label', 'type')
        .addSelect('COUNT(*)', 'total')
        .addSelect(`SUM(CASE WHEN ${available} THEN 1 ELSE 0 END)`, 'available')
        // Of the files the caller can download, like Available Files beside it: never more than that tile.
        .addSelect(`SUM(CASE WHEN (${available}) AND f.created_date >= :weekAgo THEN 1 ELSE 0 END)`, 'fresh')
        .setParameters({ weekAgo, bought: [...(viewer.purchased ?? [])] })
        .groupBy('f.type_label')
        .getRawMany<{ type: string; total: string | number; available: string | number | null; fresh: string | number | null }>(),
      keysetOrder(this.visible(viewer), ORDERS.popular, null).limit(1).getOne(),
    ]);
    const sum = (key: 'total' | 'available' | 'fresh') => groups.reduce((n, g) => n + Number(g[key] ?? 0), 0);
    return {
      total_files: sum('total'),
      available_files: sum('available'),
      your_downloads: yourDownloads,
      new_this_week: sum('fresh'),
      most_popular: popular ? { id: popular.id, name: popular.name, download_count: popular.downloadCount } : null,
      types: groups.map((g) => g.type).filter(Boolean).sort(),
    };
  }

  /** What the caller sees at all (alias f). */
  visible(viewer: FileViewer): SelectQueryBuilder<FileRecord> {
    const qb = this.files.createQueryBuilder('f');
    if (viewer.isAdmin) return qb;
    if (!viewer.email) return qb.where('1 = 0');
    return qb.where(`f.is_active = 1 AND (f.access_type = 'all_users' OR f.is_paid = 1 OR ${this.listedSql()})`, { viewerEmail: normalizeEmail(viewer.email) });
  }

  private matching(viewer: FileViewer, query: LibraryListQuery): SelectQueryBuilder<FileRecord> {
    const qb = this.visible(viewer);
    const search = query.search?.trim().toLowerCase();
    // LIKE is case-insensitive on both databases for these columns (SQLite for ASCII letters, MariaDB by its _ci collation).
    if (search) qb.andWhere("(f.name LIKE :search ESCAPE '!' OR f.description LIKE :search ESCAPE '!')", { search: containsPattern(search) });
    if (query.type) qb.andWhere('f.type_label = :type', { type: query.type });
    return qb;
  }

  /** The viewer's e-mail is in a specific_users file's allowed list (stored normalised, as a JSON list). */
  private listedSql(): string {
    const sqlite = this.files.manager.connection.driver.options.type === 'better-sqlite3';
    const inList = sqlite
      ? 'json_valid(f.allowed_users) AND EXISTS (SELECT 1 FROM json_each(f.allowed_users) WHERE json_each.value = :viewerEmail)'
      : 'JSON_CONTAINS(f.allowed_users, JSON_QUOTE(:viewerEmail))';
    return `(f.access_type = 'specific_users' AND ${inList})`;
  }

  /** Of a visible row: the caller may download it now (free, listed, or bought). */
  private availableSql(viewer: FileViewer): string {
    if (viewer.isAdmin) return '1 = 1';
    // :...bought is the caller's purchased file ids (set by summary()).
    return `(f.is_paid = 0 OR ${this.listedSql()}${viewer.purchased?.size ? ' OR f.id IN (:...bought)' : ''})`;
  }
}

const encodeCursor = (sort: LibrarySort, values: KeysetValue[]): string => Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');

/** A cursor of another sort, or not one at all, is a 400 (the list reloads). */
function decodeCursor(raw: string, sort: LibrarySort, keys: number): KeysetValue[] {
  try {
    const [from, ...values] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    if (from === sort && values.length === keys && values.every((v) => typeof v === 'string' || typeof v === 'number')) return values as KeysetValue[];
  } catch {
    // falls through to the 400
  }
  throw new BadRequestException(FILE_TEXTS.badLibraryCursor);
}
