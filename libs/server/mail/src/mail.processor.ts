import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEFAULT_JOB_OPTIONS, JobHandler, QueueJob, QueueProcessor } from '@solvr/server-core';
import { OutboxMessage } from './outbox-message.entity';
import { MailTransport } from './mail-transport';

@Injectable()
@QueueProcessor('mail')
export class MailProcessor {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    private readonly transport: MailTransport,
  ) {}

  @JobHandler('send')
  async send(job: QueueJob<{ id: string }>): Promise<void> {
    const row = await this.outbox.findOneBy({ id: job.data.id });
    if (!row) return void this.logger.warn(`Outbox row ${job.data.id} is gone; nothing to send`);
    if (row.status === 'sent') return; // a re-run of a sent message does nothing
    await this.outbox.update(row.id, { status: 'sending', attempts: row.attempts + 1 });
    try {
      await this.transport.send(row);
      await this.outbox.update(row.id, { status: 'sent', sentAt: new Date(), lastError: null });
    } catch (err) {
      const final = job.attemptsMade + 1 >= DEFAULT_JOB_OPTIONS.attempts;
      await this.outbox.update(row.id, { status: final ? 'failed' : 'queued', lastError: (err as Error).message.slice(0, 2000) });
      throw err;
    }
  }
}
