import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { MailCampaign } from './mail-campaign.entity';
import { mailConfig, type MailConfig } from './mail.config';
import { OutboxMessage } from './outbox-message.entity';
import { MailService, OUTBOX_CHUNK } from './mail.service';

/** The mail queue's job that is one turn of the reconciler (services mode). */
export const RECONCILE_JOB = 'reconcile';

/**
 * Re-enqueues rows left queued or sending (Redis flushed or down, worker killed mid-send, embedded restart), and
 * restarts campaign fan-outs that stopped half-way.
 * A job id is the row id, so a row whose job still waits is not queued twice.
 * Its turns: with Redis a Bull repeatable job, so one worker of the cluster runs each turn however many there are;
 * embedded an interval of @nestjs/schedule's registry in the one process.
 */
@Injectable()
export class OutboxReconciler implements OnApplicationBootstrap {
  private readonly logger = new Logger(OutboxReconciler.name);
  private running = false;

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
    private readonly mail: MailService,
    @InjectConfig(mailConfig) private readonly config: MailConfig,
    @InjectConfig() private readonly app: AppConfig,
    @InjectQueue('mail') private readonly queue: Pick<Queue, 'add' | 'client'>,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** Half the age at which a message counts as stale, between 1 s and 60 s. */
  get every(): number {
    return Math.min(60_000, Math.max(1000, this.config.requeueAfterMs / 2));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.app.redis) {
      // The same repeat from every worker is one job in Redis (its key is the name, the id and the period). A Redis
      // that restarted empty lost it with everything else: it is added again whenever the connection is back.
      const schedule = () =>
        this.queue
          .add(RECONCILE_JOB, {}, { jobId: RECONCILE_JOB, repeat: { every: this.every }, attempts: 1, removeOnComplete: true, removeOnFail: true })
          .catch((e: Error) => this.logger.warn(`Could not schedule the outbox reconciler: ${e.message}`));
      this.queue.client.on('ready', () => void schedule());
      await schedule();
      return;
    }
    const timer = setInterval(() => void this.tick(), this.every);
    timer.unref();
    this.scheduler.addInterval(RECONCILE_JOB, timer);
  }

  /** One turn: fan-outs to restart, then stale messages; a turn still running makes the next one do nothing. */
  async tick(): Promise<void> {
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
}
