import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import type { Queue } from 'bull';
import { InjectConfig, withTimeout } from '@solvr/server-core';
import { mailConfig, type MailConfig } from './mail.config';
import { MailKind, OutboxMessage } from './outbox-message.entity';

export interface MailRequest {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  fromName?: string;
  campaignId?: string;
  headers?: Record<string, string>;
}

/** Rows per INSERT and jobs per addBulk: a 10,000-recipient campaign is 20 round trips of each, not 10,000. */
export const OUTBOX_CHUNK = 500;
/** How long a send waits for the queue before answering anyway: the rows are durable, the reconciler adds the jobs. */
const QUEUE_WAIT_MS = 2000;

type MailQueue = Pick<Queue, 'add' | 'addBulk'>;

/** Only records and enqueues; sending happens in the mail processor (worker or in-process runner). */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectQueue('mail') private readonly queue: MailQueue,
    @InjectConfig(mailConfig) private readonly config: MailConfig,
  ) {}

  async enqueue(request: MailRequest): Promise<OutboxMessage> {
    const [row] = await this.enqueueMany([request]);
    return row;
  }

  /** Writes the rows (in chunks), then adds one job per row whose id is the row id. */
  async enqueueMany(requests: MailRequest[]): Promise<OutboxMessage[]> {
    const rows = requests.map((r) =>
      this.outbox.create({
        id: randomUUID(),
        kind: r.kind,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html ?? null,
        fromName: r.fromName ?? null,
        headers: r.headers ? JSON.stringify(r.headers) : null,
        campaignId: r.campaignId ?? null,
        status: 'queued',
        attempts: 0,
      }),
    );
    for (let i = 0; i < rows.length; i += OUTBOX_CHUNK) await this.outbox.insert(rows.slice(i, i + OUTBOX_CHUNK));
    await this.addJobs(rows.map((r) => r.id));
    return rows;
  }

  /** Puts rows back on the queue (lost jobs, a retry); the same job ids keep each message single. */
  async requeue(ids: string[]): Promise<void> {
    await this.addJobs(ids);
  }

  jobOptions(id: string) {
    return { jobId: id, attempts: this.config.maxAttempts, backoff: { type: 'exponential', delay: this.config.backoffMs } };
  }

  private async addJobs(ids: string[]): Promise<void> {
    try {
      for (let i = 0; i < ids.length; i += OUTBOX_CHUNK) {
        const jobs = ids.slice(i, i + OUTBOX_CHUNK).map((id) => ({ name: 'send', data: { id }, opts: this.jobOptions(id) }));
        await withTimeout(this.queue.addBulk(jobs), QUEUE_WAIT_MS, 'the mail queue did not answer');
      }
    } catch (err) {
      // The rows are in the outbox: the reconciler enqueues them once the queue answers again.
      this.logger.warn(`${ids.length} message(s) wait in the outbox: ${(err as Error).message}`);
    }
  }

  find(id: string): Promise<OutboxMessage | null> {
    return this.outbox.findOneBy({ id });
  }

  findMany(ids: string[]): Promise<OutboxMessage[]> {
    return this.outbox.findBy({ id: In(ids) });
  }
}
