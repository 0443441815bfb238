import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ADMIN_USERS_PAGE_SIZE, type AdminUserPage, type AdminSummary, type AdminUserView, type DailyCount } from '@solvr/contracts';
import {
  applyRecordQuery,
  countPerDay,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeysetCursor,
  keysetCursorOf,
  keysetRows,
  newestFirstAfter,
  OffThreadReads,
  type RecordQuery,
} from '@solvr/server-core';
import { User } from './user.entity';
import { whereUserMatches } from './user-search';

const LISTED = ['u.id', 'u.email', 'u.fullName', 'u.role', 'u.company', 'u.jobTitle', 'u.phone', 'u.emailVerified', 'u.downloadCount', 'u.createdDate', 'u.lastLogin'];

/**
 * The admin's read side of the users table (UsersService stays its only writer): the Users tab's search and
 * pages, its counts, the CSV export and the sign-ups chart. Pages are keyset pages over (created_date, id),
 * which the index users_created_id serves in order: page 2,000 costs what page 1 does.
 */
@Injectable()
export class UserDirectory {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly reads: OffThreadReads,
  ) {}

  private matching(q: string) {
    return whereUserMatches(this.users.createQueryBuilder('u'), q, ['email', 'full_name', 'company']);
  }

  /** Which users a page shows: their ids and keyset values (the query's plan is checked by the tests). */
  pageQuery(q: string, after: KeysetCursor | null) {
    return newestFirstAfter(this.matching(q).select('u.id', 'id'), 'u', after);
  }

  /**
   * Which users match and how many are worked out off the api's thread (OffThreadReads: a search at 100,000 users
   * must not stall every other request); the page's own 50 rows are then read by id.
   */
  async page(q: string, after: string | null, limit = ADMIN_USERS_PAGE_SIZE): Promise<AdminUserPage> {
    const cursor = after ? decodeKeysetCursor(after) : null;
    // A search's first page counts its matches in the same pass (a rare search on MariaDB is then one scan of the
    // table, not a walk of the date index looking up every row, then a second scan to count).
    const countedHere = !cursor && !!q.trim();
    const query = this.pageQuery(q, cursor).limit(limit + 1);
    if (countedHere) query.addSelect('COUNT(*) OVER ()', 'total');
    const hits = await this.reads.all<Record<string, unknown> & { id: string; total?: number | string }>(...query.getQueryAndParameters());
    // A first page that holds every user is its own count.
    const total = countedHere ? Number(hits[0]?.total ?? 0) : !cursor && hits.length <= limit ? hits.length : await this.count(q);
    const shown = hits.slice(0, limit);
    const rows = shown.length ? await this.users.createQueryBuilder('u').select(LISTED).whereInIds(shown.map((h) => h.id)).getMany() : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const last = shown[shown.length - 1];
    return {
      // (A user deleted between the two reads is left out.)
      users: shown.flatMap((h) => (byId.has(h.id) ? [toAdminUserView(byId.get(h.id) as User)] : [])),
      total,
      next: hits.length > limit ? encodeKeysetCursor(keysetCursorOf(last, last.id)) : null,
    };
  }

  private async count(q: string): Promise<number> {
    const [row] = await this.reads.all<{ total: number | string }>(...this.matching(q).select('COUNT(*)', 'total').getQueryAndParameters());
    return Number(row?.total ?? 0);
  }

  /** Every matching user, newest first, `chunk` rows at a time: the CSV export never holds them all. */
  async *export(q: string, chunk = 1000): AsyncGenerator<User[]> {
    let after: KeysetCursor | null = null;
    for (;;) {
      const rows: Array<{ row: User; cursor: KeysetCursor }> = await keysetRows(newestFirstAfter(this.matching(q).select(LISTED), 'u', after).limit(chunk));
      if (rows.length) yield rows.map((r) => r.row);
      if (rows.length < chunk) return;
      after = rows[rows.length - 1].cursor;
    }
  }

  /** The accounts matching a query (the platform layer's filters, sort and page); the caller limits a user to its own. */
  records(query: RecordQuery): Promise<User[]> {
    return applyRecordQuery(this.users.createQueryBuilder('u'), query).getMany();
  }

  async stats(): Promise<AdminSummary> {
    const row = await this.users
      .createQueryBuilder('u')
      .select('COUNT(*)', 'total')
      .addSelect("SUM(CASE WHEN u.role = 'admin' THEN 1 ELSE 0 END)", 'admins')
      .addSelect('COALESCE(SUM(u.download_count), 0)', 'downloads')
      .getRawOne<{ total: string; admins: string | null; downloads: string }>();
    return { total_users: Number(row?.total ?? 0), admins: Number(row?.admins ?? 0), total_downloads: Number(row?.downloads ?? 0) };
  }

  /** Sign-ups per day (UTC) over the last 30 days, zero-filled. */
  signupsPerDay(now = new Date()): Promise<DailyCount[]> {
    return countPerDay(this.users.createQueryBuilder('u'), 'u.created_date', now);
  }
}

export const toAdminUserView = (u: User): AdminUserView => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: u.role,
  company: u.company,
  job_title: u.jobTitle,
  phone: u.phone,
  email_verified: !!u.emailVerified,
  download_count: u.downloadCount,
  created_date: u.createdDate.toISOString(),
  last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
});
