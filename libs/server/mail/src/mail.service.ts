import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { type EntityManager, In, Repository } from 'typeorm';
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

/** One fan-out job per campaign: Bull ignores a second add of a job that still waits or runs. */
export const fanoutJobId = (campaignId: string) => `campaign-${campaignId}`;

type MailQueue = Pick<Queue, 'add' | 'addBulk'> & Partial<Pick<Queue, 'getJob'>>;

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
    const rows = this.outboxRows(requests);
    await this.insertRows(rows);
    await this.addJobs(rows.map((r) => r.id));
    return rows;
  }

  /** The outbox rows for these requests, not yet written. */
  outboxRows(requests: MailRequest[]): OutboxMessage[] {
    return requests.map((r) =>
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
  }

  /** Writes rows in chunks, inside the caller's transaction when given one; their jobs are added by requeue(). */
  async insertRows(rows: OutboxMessage[], transaction?: EntityManager): Promise<void> {
    const outbox = transaction ? transaction.getRepository(OutboxMessage) : this.outbox;
    for (let i = 0; i < rows.length; i += OUTBOX_CHUNK) await outbox.insert(rows.slice(i, i + OUTBOX_CHUNK));
  }

  /** Puts rows back on the queue (lost jobs, a retry); the same job ids keep each message single. */
  async requeue(ids: string[]): Promise<void> {
    await this.addJobs(ids);
  }

  jobOptions(jobId: string) {
    return { jobId, attempts: this.config.maxAttempts, backoff: { type: 'exponential', delay: this.config.backoffMs } };
  }

  /** Asks for a campaign's fan-out (making its messages) in the worker; false when the queue did not answer. */
  async requestFanout(campaignId: string): Promise<boolean> {
    const jobId = fanoutJobId(campaignId);
    const add = async () => {
      await this.removeFinishedJobs([jobId]);
      await this.queue.add('campaign', { id: campaignId }, this.jobOptions(jobId));
    };
    try {
      await withTimeout(add(), QUEUE_WAIT_MS, 'the mail queue did not answer');
      return true;
    } catch (err) {
      this.logger.warn(`Campaign ${campaignId} waits for its fan-out: ${(err as Error).message}`);
      return false;
    }
  }

  /** Bull keeps a finished (sent or failed) job under its id and would ignore a new one with it: asked again, it goes. */
  async removeFinishedJobs(jobIds: string[]): Promise<void> {
    const getJob = this.queue.getJob?.bind(this.queue);
    if (!getJob) return;
    await Promise.all(
      jobIds.map(async (jobId) => {
        const job = await getJob(jobId);
        if (job && ((await job.isFailed()) || (await job.isCompleted()))) await job.remove();
      }),
    );
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
