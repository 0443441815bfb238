import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { setImmediate as nextTurn } from 'timers/promises';
import { Repository, type EntityMetadata } from 'typeorm';
import {
  ADMIN_USERS_DEFAULT_ORDER,
  ADMIN_USERS_PAGE_SIZE,
  ADMIN_USERS_TEXTS,
  type AdminSummary,
  type AdminUserDetail,
  type AdminUserOrder,
  type AdminUserPage,
  type AdminUserView,
  type DailyCount,
} from '@solvr/contracts';
import { applyRecordQuery, countPerDay, type RecordQuery } from '@solvr/server-core';
import { OffThreadReads } from './off-thread-reads';
import { User } from './user.entity';
import { decodeUserCursor, encodeUserCursor, orderedRange, rangesOf, type UserCursor, userCursorOf } from './user-order';
import { whereUserMatches } from './user-search';

type ColumnMetadata = EntityMetadata['columns'][number];

/** Users hydrated and rendered per turn of the event loop during an export (see export()). */
const EXPORT_SLICE = 100;
/** Users an export reads at a time: 500 (250 made it 40 % slower). */
const EXPORT_READ = 500;

/** The User properties a list row shows (and the CSV exports). */
const LISTED = ['id', 'email', 'fullName', 'role', 'company', 'jobTitle', 'phone', 'emailVerified', 'downloadCount', 'createdDate', 'lastLogin'];

/**
 * The admin's read side of the users table (UsersService stays its only writer): the Users tab's search, sorted
 * pages and side panel details, its counts, the CSV export and the sign-ups chart. Pages are keyset pages over
 * (sort column, id), which an index serves in order (user-order.ts): page 2,000 costs what page 1 does.
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

  /** Which users a page shows, within one range of the order: their ids and sort values (the plans are checked by the tests). */
  pageQuery(q: string, order: AdminUserOrder = ADMIN_USERS_DEFAULT_ORDER, after: UserCursor | null = null, range = rangesOf(order, after)[0]) {
    return orderedRange(this.matching(q).select('u.id', 'id'), order, range);
  }

  /** The ids of up to `limit` users after the cursor, in order, read off the api's thread; `counted` on a search's first page. */
  private async hits(q: string, order: AdminUserOrder, after: UserCursor | null, limit: number, count: boolean) {
    const hits: Array<Record<string, unknown> & { id: string; total?: number | string }> = [];
    let counted: number | null = null;
    const ranges = rangesOf(order, after);
    for (const range of ranges) {
      const query = this.pageQuery(q, order, after, range).limit(limit - hits.length);
      // One range holds every match: it counts them in the same pass (see page()).
      if (count && ranges.length === 1) query.addSelect('COUNT(*) OVER ()', 'total');
      const rows = await this.reads.all<Record<string, unknown> & { id: string; total?: number | string }>(...query.getQueryAndParameters());
      if (count && ranges.length === 1) counted = Number(rows[0]?.total ?? 0);
      hits.push(...rows);
      if (hits.length >= limit) break;
    }
    return { hits, counted };
  }

  /**
   * Which users match and how many are worked out off the api's thread (OffThreadReads: a search at 100,000 users
   * must not stall every other request); the page's own 50 rows are then read by id.
   */
  async page(q: string, after: string | null, limit = ADMIN_USERS_PAGE_SIZE, order: AdminUserOrder = ADMIN_USERS_DEFAULT_ORDER): Promise<AdminUserPage> {
    const cursor = after ? decodeUserCursor(after, order) : null;
    // A search's first page counts its matches in the same pass (a rare search on MariaDB is then one scan of the
    // table, not a walk of the date index looking up every row, then a second scan to count).
    const { hits, counted } = await this.hits(q, order, cursor, limit + 1, !cursor && !!q.trim());
    // A first page that holds every user is its own count.
    const total = counted ?? (!cursor && hits.length <= limit ? hits.length : await this.count(q));
    const shown = hits.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      users: (await this.byIds(shown.map((h) => h.id))).map(toAdminUserView),
      total,
      next: hits.length > limit ? encodeUserCursor(userCursorOf(order, last, last.id)) : null,
    };
  }

  /** The listed columns of these users, in the order given (a user deleted meanwhile is left out). */
  private async byIds(ids: string[]): Promise<User[]> {
    return (await this.listedRows(ids)).map((row) => this.hydrate(row));
  }

  /**
   * The listed columns of these users as the driver gives them, in the order given. Read off the api's thread like
   * the ids (a CSV export reads 500 at a time: on the api's connection that froze every other request for tens of ms).
   */
  private async listedRows(ids: string[]): Promise<Record<string, unknown>[]> {
    if (!ids.length) return [];
    const { select } = this.listedRead();
    const byId = new Map<unknown, Record<string, unknown>>();
    for (const row of await this.reads.all<Record<string, unknown>>(`${select} (${ids.map(() => '?').join(', ')})`, ids)) byId.set(row.id, row);
    return ids.map((id) => byId.get(id)).filter((row): row is Record<string, unknown> => row !== undefined);
  }

  /** A User of a listed row, each value hydrated by the driver as a TypeORM read would. */
  private hydrate(row: Record<string, unknown>): User {
    const { driver } = this.users.manager.connection;
    const user = new User();
    for (const column of this.listedRead().columns) column.setEntityValue(user, driver.prepareHydratedValue(row[column.databaseName], column));
    return user;
  }

  /** The listed columns' metadata and the SELECT of them by id (up to the IN list), worked out once. */
  private listed?: { columns: ColumnMetadata[]; select: string };
  private listedRead(): { columns: ColumnMetadata[]; select: string } {
    if (!this.listed) {
      const { driver } = this.users.manager.connection;
      const columns = LISTED.map((name) => {
        const column = this.users.metadata.findColumnWithPropertyName(name);
        if (!column) throw new Error(`User has no column ${name}`);
        return column;
      });
      const select = `SELECT ${columns.map((c) => driver.escape(c.databaseName)).join(', ')} FROM ${driver.escape(this.users.metadata.tableName)} WHERE ${driver.escape('id')} IN`;
      this.listed = { columns, select };
    }
    return this.listed;
  }

  private async count(q: string): Promise<number> {
    const [row] = await this.reads.all<{ total: number | string }>(...this.matching(q).select('COUNT(*)', 'total').getQueryAndParameters());
    return Number(row?.total ?? 0);
  }

  /**
   * Every matching user in the list's order, each EXPORT_SLICE of them rendered (as CSV text, say) in a turn of the
   * event loop of its own, EXPORT_READ read at a time: the export never holds them all, and other requests are
   * answered between slices.
   */
  async *export<T>(q: string, order: AdminUserOrder, render: (users: User[]) => T): AsyncGenerator<T> {
    let after: UserCursor | null = null;
    for (;;) {
      const { hits } = await this.hits(q, order, after, EXPORT_READ, false);
      const rows = await this.listedRows(hits.map((h) => h.id));
      for (let at = 0; at < rows.length; at += EXPORT_SLICE) {
        await nextTurn();
        yield render(rows.slice(at, at + EXPORT_SLICE).map((row) => this.hydrate(row)));
      }
      if (hits.length < EXPORT_READ) return;
      const last = hits[hits.length - 1];
      after = userCursorOf(order, last, last.id);
    }
  }

  /** GET /api/admin/users/:id: the side panel's details; 404 for an unknown id. */
  async detail(id: string): Promise<AdminUserDetail> {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw new NotFoundException(ADMIN_USERS_TEXTS.userNotFound);
    return {
      ...toAdminUserView(user),
      street_address_1: user.streetAddress1,
      street_address_2: user.streetAddress2,
      city: user.city,
      state_province: user.stateProvince,
      postal_code: user.postalCode,
      country: user.country,
      profile_completed: !!user.profileCompleted,
      bulk_mail_opt_out: !!user.bulkMailOptOut,
    };
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
