import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ACTIVITY_DAYS, csvDate, type DailyCount, lastDays } from '@solvr/contracts';

/** DATE() answers a string on SQLite and a Date (midnight UTC: the connection is in UTC) on MySQL. */
const dayKey = (day: string | Date) => (typeof day === 'string' ? day.slice(0, 10) : csvDate(day));

/**
 * Rows per day (UTC) of `column` over the last 30 days, zero-filled. The lower bound is a bare 'YYYY-MM-DD': SQLite
 * compares datetimes as text, and stored values differ in whether they carry milliseconds.
 */
export async function countPerDay<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, column: string, now = new Date()): Promise<DailyCount[]> {
  const since = csvDate(new Date(now.getTime() - (ACTIVITY_DAYS - 1) * 86_400_000));
  const rows = await qb
    .select(`DATE(${column})`, 'day')
    .addSelect('COUNT(*)', 'count')
    .where(`${column} >= :since`, { since })
    .groupBy(`DATE(${column})`)
    .getRawMany<{ day: string | Date; count: string }>();
  return lastDays(Object.fromEntries(rows.map((r) => [dayKey(r.day), Number(r.count)])), ACTIVITY_DAYS, now);
}
