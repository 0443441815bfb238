import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { InjectConfig, JobHandler, QueueJob, QueueProcessor } from '@solvr/server-core';
import { OutboxReconciler, RECONCILE_JOB } from './outbox-reconciler';
import { mailConfig, type MailConfig } from './mail.config';
import { OutboxMessage } from './outbox-message.entity';
import { MailTransport } from './mail-transport';

/** Jobs one worker sends at once; the SMTP pool (MAIL_POOL_SIZE, MAIL_RATE_PER_SECOND) paces them. */
export const MAIL_JOB_CONCURRENCY = 20;

@Injectable()
@QueueProcessor('mail')
export class MailProcessor {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    private readonly transport: MailTransport,
    @InjectConfig(mailConfig) private readonly config: MailConfig,
    private readonly reconciler: OutboxReconciler,
  ) {}

  /** A turn of the outbox reconciler, scheduled once per cluster as a Bull repeatable job (services mode). */
  @JobHandler(RECONCILE_JOB)
  reconcile(): Promise<void> {
    return this.reconciler.tick();
  }

  @JobHandler('send', { concurrency: MAIL_JOB_CONCURRENCY })
  async send(job: QueueJob<{ id: string }>): Promise<void> {
    const row = await this.outbox.findOneBy({ id: job.data.id });
    if (!row) return void this.logger.warn(`Outbox row ${job.data.id} is gone; nothing to send`);
    if (row.status === 'sent' || row.status === 'failed') return; // a re-run of a finished message does nothing
    // Only the job that moves the row to 'sending' sends it (a duplicate job of the same row finds it taken).
    const claimed = await this.outbox.update({ id: row.id, status: In(['queued', 'sending']), attempts: row.attempts }, { status: 'sending', attempts: row.attempts + 1 });
    if (!claimed.affected) return;
    try {
      await this.transport.send(row);
      await this.outbox.update(row.id, { status: 'sent', sentAt: new Date(), lastError: null });
    } catch (err) {
      const final = job.attemptsMade + 1 >= this.config.maxAttempts;
      await this.outbox.update(row.id, { status: final ? 'failed' : 'queued', lastError: (err as Error).message.slice(0, 2000) });
      if (final) this.logger.warn(`Mail ${row.id} to ${row.to} failed after ${job.attemptsMade + 1} attempt(s): ${(err as Error).message}`);
      throw err;
    }
  }
}
