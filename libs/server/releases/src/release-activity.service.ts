import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Platform, ReleaseActivity } from '@solvr/contracts';

/** How often the counts gathered in memory are added to release_activity. */
const FLUSH_MS = 5000;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Kind = 'downloads' | 'update_checks';

/**
 * Downloads and update checks per day, version and platform (the admin's chart). Counted in memory and added to
 * release_activity every few seconds, one upsert per key, so an update check costs no write of its own; replicas add
 * their counts to the same rows. Owns release_activity.
 */
@Injectable()
export class ReleaseActivityService implements OnModuleDestroy {
  private readonly logger = new Logger('ReleaseActivity');
  private pending = new Map<string, { downloads: number; update_checks: number }>();
  private day = { number: -1, name: '' };

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  count(kind: Kind, channel: string, version: string, platform: Platform): void {
    const key = `${this.today()}\n${channel}\n${version}\n${platform}`;
    const counts = this.pending.get(key) ?? { downloads: 0, update_checks: 0 };
    counts[kind] += 1;
    this.pending.set(key, counts);
  }

  /** The UTC day counts go to, named once a day: every update check asks (it was 1.5 % of a feed answer's time). */
  private today(): string {
    const now = Date.now();
    const number = Math.floor(now / DAY_MS);
    if (number !== this.day.number) this.day = { number, name: dayOf(now) };
    return this.day.name;
  }

  /** Each replica adds its own counts (they are in its memory), so this runs on every replica, not once per cluster. */
  @Interval('release-activity-flush', FLUSH_MS)
  flushTurn(): void {
    void this.flush();
  }

  /** Adds what was counted since the last flush (also on shutdown). */
  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    const upsert =
      this.dataSource.options.type === 'mysql'
        ? 'INSERT INTO release_activity (day, channel, version, platform, downloads, update_checks) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON DUPLICATE KEY UPDATE downloads = downloads + VALUES(downloads), update_checks = update_checks + VALUES(update_checks)'
        : 'INSERT INTO release_activity (day, channel, version, platform, downloads, update_checks) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (day, channel, version, platform) DO UPDATE SET downloads = downloads + excluded.downloads, update_checks = update_checks + excluded.update_checks';
    for (const [key, counts] of batch) {
      try {
        await this.dataSource.query(upsert, [...key.split('\n'), counts.downloads, counts.update_checks]);
      } catch (err) {
        // Counts are figures for a chart: one lost batch is logged, never a failed request.
        this.logger.warn(`Could not add release activity (${key.replace(/\n/g, ' ')}): ${(err as Error).message}`);
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** The last `days` days (today included) per version and platform, every day listed, oldest first. */
  async activity(days: number): Promise<ReleaseActivity[]> {
    await this.flush();
    const today = Date.now();
    const dayList = Array.from({ length: days }, (_, i) => dayOf(today - (days - 1 - i) * DAY_MS));
    const rows: { day: string; channel: string; version: string; platform: Platform; downloads: number | string; update_checks: number | string }[] = await this.dataSource.query(
      'SELECT day, channel, version, platform, downloads, update_checks FROM release_activity WHERE day >= ? ORDER BY day',
      [dayList[0]],
    );
    const byKey = new Map<string, ReleaseActivity>();
    for (const r of rows) {
      const key = `${r.channel}\n${r.version}\n${r.platform}`;
      let a = byKey.get(key);
      if (!a) {
        a = { channel: r.channel, version: r.version, platform: r.platform, days: dayList.map((day) => ({ day, downloads: 0, update_checks: 0 })), downloads: 0, update_checks: 0 };
        byKey.set(key, a);
      }
      const d = a.days.find((x) => x.day === r.day);
      if (!d) continue;
      d.downloads += Number(r.downloads);
      d.update_checks += Number(r.update_checks);
      a.downloads += Number(r.downloads);
      a.update_checks += Number(r.update_checks);
    }
    return [...byKey.values()];
  }
}
