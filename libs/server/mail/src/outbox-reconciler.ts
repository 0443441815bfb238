import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';
import { MailService } from './mail.service';

const STALE_AFTER_MS = 5 * 60_000;
const EVERY_MS = 60_000;

/** Re-enqueues rows left queued or sending (Redis lost, worker killed mid-send, embedded restart). */
@Injectable()
export class OutboxReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxReconciler.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    private readonly mail: MailService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.reconcile().catch((e) => this.logger.warn(`Reconcile failed: ${e.message}`)), EVERY_MS);
    this.timer.unref();
  }

  async reconcile(olderThanMs = STALE_AFTER_MS): Promise<number> {
    const before = new Date(Date.now() - olderThanMs);
    const stale = await this.outbox.find({
      select: { id: true },
      where: [
        { status: 'queued', updatedDate: LessThan(before) },
        { status: 'sending', updatedDate: LessThan(before) },
      ],
      take: 500,
    });
    for (const { id } of stale) {
      await this.outbox.update(id, { status: 'queued' });
      await this.mail.requeue(id);
    }
    if (stale.length) this.logger.log(`Re-enqueued ${stale.length} stale outbox message(s)`);
    return stale.length;
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
