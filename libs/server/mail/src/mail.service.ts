import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import type { Queue } from 'bull';
import { MailKind, OutboxMessage } from './outbox-message.entity';

export interface MailRequest {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  fromName?: string;
  batchId?: string;
}

/** Only records and enqueues; sending happens in the mail processor (worker or in-process runner). */
@Injectable()
export class MailService {
  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectQueue('mail') private readonly queue: Pick<Queue, 'add'>,
  ) {}

  async enqueue(request: MailRequest): Promise<OutboxMessage> {
    const row = this.outbox.create({
      id: randomUUID(),
      kind: request.kind,
      to: request.to,
      subject: request.subject,
      text: request.text,
      html: request.html ?? null,
      fromName: request.fromName ?? null,
      batchId: request.batchId ?? null,
      status: 'queued',
    });
    await this.outbox.insert(row);
    await this.queue.add('send', { id: row.id }, { jobId: row.id });
    return row;
  }

  /** Puts a row that is still queued back on the queue (a lost job); the same job id keeps it single. */
  async requeue(id: string): Promise<void> {
    await this.queue.add('send', { id }, { jobId: id });
  }

  find(id: string): Promise<OutboxMessage | null> {
    return this.outbox.findOneBy({ id });
  }
}
