import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Repository } from 'typeorm';
import type { OutboxStatus } from '@solvr/contracts';
import { Metrics } from '@solvr/server-observability';
import { MailCampaign } from './mail-campaign.entity';
import { OutboxMessage } from './outbox-message.entity';

const UNSENT: OutboxStatus[] = ['queued', 'sending'];
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The mail side's gauges, read when Prometheus scrapes (every replica answers the same: take max() in queries): the
 * queue's jobs (Bull's counts in Redis, or the in-process runner's), the outbox's unsent rows and the age of the
 * oldest (both from the status index), and the messages of the campaigns still in progress.
 */
@Injectable()
export class MailMetrics {
  constructor(
    metrics: Metrics,
    @InjectQueue('mail') queue: Pick<Queue, 'getJobCounts'>,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
  ) {
    metrics.gauge('solvr_mail_queue_jobs', 'Jobs of the mail queue by state: waiting, active, delayed, failed (kept by Bull; in-process: since start).', ['state'], async () => {
      const counts = (await queue.getJobCounts()) as unknown as Record<string, number>;
      return QUEUE_STATES.map((state) => [{ state }, counts[state] ?? 0]);
    });
    const outboxState = sharedPerScrape(async () => {
      const [row] = await this.outbox.query('SELECT COUNT(*) AS n, MIN(created_date) AS oldest FROM mail_outbox WHERE status IN (?, ?)', UNSENT);
      return { unsent: Number(row?.n ?? 0), oldestAge: row?.oldest ? Math.max(0, (Date.now() - dateOf(row.oldest)) / 1000) : 0 };
    });
    metrics.gauge('solvr_mail_outbox_unsent', 'Outbox messages not sent yet (queued or sending).', [], async () => (await outboxState()).unsent);
    metrics.gauge('solvr_mail_outbox_oldest_unsent_age_seconds', 'Age of the oldest outbox message not sent yet; 0 when all are sent.', [], async () => (await outboxState()).oldestAge);
    const campaignState = sharedPerScrape(() => this.campaignMessages());
    metrics.gauge('solvr_mail_campaigns_in_progress', 'Campaigns still fanning out or with messages not sent yet.', [], async () => (await campaignState()).inProgress);
    metrics.gauge(
      'solvr_mail_campaign_messages',
      'Messages of the campaigns in progress by state: pending (not in the outbox yet), queued, sending, sent, failed.',
      ['state'],
      async () => Object.entries((await campaignState()).messages).map(([state, n]) => [{ state }, n]),
    );
  }

  private async inProgress(): Promise<Array<{ id: string; total: number }>> {
    return this.campaigns
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .addSelect('c.total', 'total')
      .where({ fannedOut: false })
      .orWhere(`c.id IN (SELECT m.campaign_id FROM mail_outbox m WHERE m.status IN ('queued', 'sending') AND m.campaign_id IS NOT NULL)`)
      .getRawMany<{ id: string; total: number | string }>()
      .then((rows) => rows.map((r) => ({ id: r.id, total: Number(r.total) })));
  }

  private async campaignMessages(): Promise<{ inProgress: number; messages: Record<string, number> }> {
    const campaigns = await this.inProgress();
    const messages: Record<string, number> = { pending: 0, queued: 0, sending: 0, sent: 0, failed: 0 };
    if (campaigns.length) {
      const rows = await this.outbox
        .createQueryBuilder('m')
        .select('m.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('m.campaign_id IN (:...ids)', { ids: campaigns.map((c) => c.id) })
        .groupBy('m.status')
        .getRawMany<{ status: OutboxStatus; n: string | number }>();
      let made = 0;
      for (const r of rows) {
        messages[r.status] = (messages[r.status] ?? 0) + Number(r.n);
        made += Number(r.n);
      }
      messages.pending = Math.max(0, campaigns.reduce((sum, c) => sum + c.total, 0) - made);
    }
    return { inProgress: campaigns.length, messages };
  }
}

/** One read shared by the gauges of a scrape (collected together, so they ask while it runs), not one query each. */
function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => (running ??= read().finally(() => (running = undefined)));
}

/** A datetime column as the driver hands it: a Date (MariaDB), or SQLite's UTC text 'YYYY-MM-DD HH:MM:SS.sss'. */
function dateOf(value: Date | string): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
