import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setImmediate as nextTurn, setTimeout as delay } from 'timers/promises';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AppConfig, InjectConfig, inTransaction, JobHandler, QueueJob, QueueProcessor } from '@solvr/server-core';
import type { MailAudience, MailRecipient } from '@solvr/server-users';
import { MailCampaign } from './mail-campaign.entity';
import { renderCampaign, UNSUBSCRIBE_LINK } from './campaign-message';
import { MailSegments } from './mail-segments';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';
import { UnsubscribeLinks } from './unsubscribe-links';

/**
 * Recipients per chunk: one transaction writes a chunk's rows and moves the cursor. Small, because in the embedded
 * default the rows are written on the api's thread: 500 at a time held every other request for 75-115 ms.
 */
export const FANOUT_CHUNK = 50;
/**
 * Recipients read at once, then written FANOUT_CHUNK at a time: a search audience's match is worked out again for
 * every read, so reading 50 at a time made a campaign to N users cost N/50 full searches.
 */
export const READ_CHUNK = 1000;
/**
 * Chunks of a campaign's messages that may wait in the queue before the fan-out makes more (1,000 messages, so a
 * fast relay never waits for it): the fan-out keeps just ahead of sending, so a campaign to 100,000 users floods
 * neither Redis nor the database beside the api.
 */
export const CHUNKS_AHEAD = 20;
const WAIT_MS = 250;

/**
 * Makes a campaign's messages in the worker, after the admin's request has answered: one outbox row per recipient
 * who has not opted out, a chunk at a time, keeping CHUNKS_AHEAD chunks ahead of sending. Each chunk's rows and the campaign's cursor are written in one
 * transaction, so a fan-out cut short resumes after the last chunk it wrote, and two runs of the same campaign
 * (a restarted job beside a stalled one) cannot both write a chunk.
 */
@Injectable()
@QueueProcessor('mail')
export class CampaignFanout implements OnModuleDestroy {
  private readonly logger = new Logger(CampaignFanout.name);
  private stopping = false;

  constructor(
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly segments: MailSegments,
    private readonly links: UnsubscribeLinks,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @JobHandler('campaign')
  async handle(job: QueueJob<{ id: string }>): Promise<void> {
    await this.run(job.data.id);
  }

  async run(campaignId: string, chunk = FANOUT_CHUNK): Promise<void> {
    const campaign = await this.campaigns.findOneBy({ id: campaignId });
    if (!campaign || campaign.fannedOut) return;
    const { brand } = this.config;
    const rendered = renderCampaign(brand, campaign.message, campaign.format);
    const audience = JSON.parse(campaign.audience ?? '{}') as MailAudience;
    let after = campaign.fanoutAfter;
    for await (const read of this.segments.recipients(audience, { after, chunk: Math.max(chunk, READ_CHUNK) })) {
      for (const { recipients, through } of slices(read, chunk)) {
        await this.waitForSending(campaignId, CHUNKS_AHEAD * chunk);
        const rows = this.mail.outboxRows(
          recipients
            .filter((u) => !u.optedOut)
            .map((u) => {
              const url = this.links.pageUrl(u.id);
              return {
                kind: 'bulk' as const,
                to: u.email,
                subject: campaign.subject,
                text: rendered.text.replaceAll(UNSUBSCRIBE_LINK, url),
                html: rendered.html.replaceAll(UNSUBSCRIBE_LINK, url),
                fromName: brand.team,
                campaignId,
                headers: this.links.headers(u.id),
              };
            }),
        );
        const wrote = await inTransaction(this.dataSource, async (tx) => {
          const moved = await tx.update(MailCampaign, { id: campaignId, fanoutAfter: after, fannedOut: false }, { fanoutAfter: through, fanoutAt: new Date() });
          if (!moved.affected) return false;
          await this.mail.insertRows(rows, tx);
          return true;
        });
        if (!wrote) return void this.logger.log(`Campaign ${campaignId}: another run is making its messages`);
        after = through;
        await this.mail.requeue(rows.map((r) => r.id));
        // A turn of the event loop between chunks: requests waiting meanwhile are answered before the next one is made.
        await nextTurn();
      }
    }
    const total = await this.outbox.countBy({ campaignId });
    await this.campaigns.update({ id: campaignId, fanoutAfter: after, fannedOut: false }, { fannedOut: true, total, fanoutAt: new Date() });
  }

  /** A stopping worker takes no more sends, so a waiting fan-out gives up: its job is retried (or restarted) later. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  /** Waits while `ahead` messages of the campaign wait to be sent, marking the fan-out alive for the reconciler. */
  private async waitForSending(campaignId: string, ahead: number): Promise<void> {
    while ((await this.outbox.countBy({ campaignId, status: 'queued' })) >= ahead) {
      if (this.stopping) throw new Error(`Campaign ${campaignId}: the worker is stopping; the fan-out resumes after its last chunk`);
      await this.campaigns.update({ id: campaignId }, { fanoutAt: new Date() });
      await delay(WAIT_MS);
    }
  }
}

/**
 * A read of recipients as chunks to write. Each chunk's cursor is its last recipient, and the read's last chunk
 * ends at the read's own cursor, which may lie past its last recipient (ids the read passed over, such as
 * unconfirmed picked users).
 */
export function slices(read: { recipients: MailRecipient[]; through: string }, size: number): Array<{ recipients: MailRecipient[]; through: string }> {
  const out: Array<{ recipients: MailRecipient[]; through: string }> = [];
  for (let i = 0; i < read.recipients.length; i += size) {
    const recipients = read.recipients.slice(i, i + size);
    out.push({ recipients, through: recipients[recipients.length - 1].id });
  }
  if (out.length) out[out.length - 1].through = read.through;
  else out.push({ recipients: [], through: read.through });
  return out;
}
