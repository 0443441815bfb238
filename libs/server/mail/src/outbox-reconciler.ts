import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { InjectConfig } from '@solvr/server-core';
import { MailCampaign } from './mail-campaign.entity';
import { mailConfig, type MailConfig } from './mail.config';
import { OutboxMessage } from './outbox-message.entity';
import { MailService, OUTBOX_CHUNK } from './mail.service';

/**
 * Re-enqueues rows left queued or sending (Redis flushed or down, worker killed mid-send, embedded restart), and
 * restarts campaign fan-outs that stopped half-way.
 * A job id is the row id, so a row whose job still waits is not queued twice.
 */
@Injectable()
export class OutboxReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxReconciler.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
    private readonly mail: MailService,
    @InjectConfig(mailConfig) private readonly config: MailConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = Math.min(60_000, Math.max(1000, this.config.requeueAfterMs / 2));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.restartFanouts();
      await this.reconcile();
    } catch (e) {
      this.logger.warn(`Reconcile failed: ${(e as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  async reconcile(olderThanMs = this.config.requeueAfterMs): Promise<number> {
    const before = new Date(Date.now() - olderThanMs);
    let total = 0;
    let after = '';
    for (;;) {
      const stale = await this.outbox.find({
        select: { id: true },
        where: { status: In(['queued', 'sending']), updatedDate: LessThan(before), ...(after ? { id: MoreThan(after) } : {}) },
        order: { id: 'ASC' },
        take: OUTBOX_CHUNK,
      });
      if (!stale.length) break;
      const ids = stale.map((r) => r.id);
      // Only rows still unfinished: one sent since the select above must not go back to 'queued' (and out again).
      await this.outbox.update({ id: In(ids), status: In(['queued', 'sending']) }, { status: 'queued' });
      await this.mail.requeue(ids);
      total += ids.length;
      after = ids[ids.length - 1];
      if (stale.length < OUTBOX_CHUNK) break;
    }
    if (total) this.logger.log(`Re-enqueued ${total} stale outbox message(s)`);
    return total;
  }

  /** Asks again for the fan-out of campaigns whose messages stopped being made (the job lost with Redis, or failed). */
  async restartFanouts(olderThanMs = this.config.requeueAfterMs): Promise<number> {
    const stalled = await this.campaigns.find({
      select: { id: true },
      where: { fannedOut: false, fanoutAt: LessThan(new Date(Date.now() - olderThanMs)) },
      order: { fanoutAt: 'ASC' },
      take: OUTBOX_CHUNK,
    });
    for (const { id } of stalled) await this.mail.requestFanout(id);
    if (stalled.length) this.logger.log(`Asked again for the fan-out of ${stalled.length} campaign(s)`);
    return stalled.length;
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
