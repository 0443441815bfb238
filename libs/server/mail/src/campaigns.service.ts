import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import {
  campaignProblem,
  type CampaignCounts,
  type CampaignCreated,
  type CampaignDetail,
  type CampaignRequest,
  type CampaignPreview,
  type CampaignView,
  EMAIL_CENTER_TEXTS,
  MAIL_LIMITS,
  type MailAudienceCount,
  type MailAudienceRequest,
  type MailSegmentChoice,
  oneLine,
  type OutboxStatus,
} from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import type { MailAudience } from '@solvr/server-users';
import { renderCampaign, UNSUBSCRIBE_LINK } from './campaign-message';
import { MailSegments } from './mail-segments';
import { MailCampaign } from './mail-campaign.entity';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';

const RECENT_CAMPAIGNS = 20;
const FAILURES_SHOWN = 100;

/** The Email Center: a campaign is its row plus one outbox message per recipient who has not opted out. */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    private readonly mail: MailService,
    private readonly segments: MailSegments,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The mail as sent, from the first keystroke: before anything is typed, placeholders where the subject and body go. */
  preview(subject: string, message: string): CampaignPreview {
    const body = message.slice(0, MAIL_LIMITS.message);
    const { html, text } = renderCampaign(this.config.brand, body.trim() ? body : `*${EMAIL_CENTER_TEXTS.previewPlaceholder}*`);
    const line = oneLine(subject.slice(0, MAIL_LIMITS.subject));
    return { from: this.config.brand.team, subject: line || EMAIL_CENTER_TEXTS.previewNoSubject, html: html.replaceAll(UNSUBSCRIBE_LINK, '#'), text: text.replaceAll(UNSUBSCRIBE_LINK, '#') };
  }

  segmentChoices(): Promise<MailSegmentChoice[]> {
    return this.segments.choices();
  }

  /** How many a campaign to this audience would reach, and whom it would leave out and why. */
  async count(req: MailAudienceRequest): Promise<MailAudienceCount> {
    const size = await this.segments.size(await this.segments.resolve(req));
    return { recipients: size.reachable, excluded: { opted_out: size.optedOut, unconfirmed: size.unconfirmed, not_found: size.notFound } };
  }

  /**
   * Records the campaign and answers: its messages are made by the worker (CampaignFanout), so a campaign to
   * 100,000 users costs the api a few queries. With the queue down the fan-out waits for the reconciler.
   */
  async create(req: CampaignRequest, adminId: string): Promise<CampaignCreated> {
    const problem = campaignProblem(req);
    if (problem) throw new BadRequestException(problem);
    const audience: MailAudience = await this.segments.resolve(req);
    const { reachable, optedOut } = await this.segments.size(audience);
    if (!reachable) throw new BadRequestException(optedOut ? 'Every selected user opted out of bulk e-mail.' : EMAIL_CENTER_TEXTS.noRecipients);
    const campaign = this.campaigns.create({
      id: randomUUID(),
      subject: oneLine(req.subject),
      message: req.message,
      format: 'markdown',
      createdBy: adminId,
      total: reachable,
      skipped: optedOut,
      createdDate: new Date(),
      audience: JSON.stringify(audience),
      fanoutAfter: '',
      fannedOut: false,
      fanoutAt: new Date(),
    });
    await this.campaigns.insert(campaign);
    await this.mail.requestFanout(campaign.id);
    return { campaign: (await this.views([campaign]))[0], queued: reachable, skipped: optedOut };
  }

  async list(): Promise<CampaignView[]> {
    return this.views(await this.campaigns.find({ order: { createdDate: 'DESC' }, take: RECENT_CAMPAIGNS }));
  }

  async detail(id: string): Promise<CampaignDetail> {
    const campaign = await this.campaigns.findOneBy({ id });
    if (!campaign) throw new NotFoundException('No such e-mail campaign.');
    const [view] = await this.views([campaign]);
    const failed = await this.outbox.find({
      select: { to: true, lastError: true, attempts: true },
      where: { campaignId: id, status: 'failed' },
      order: { to: 'ASC' },
      take: FAILURES_SHOWN,
    });
    return { ...view, failures: failed.map((f) => ({ email: f.to, error: f.lastError ?? '', attempts: f.attempts })) };
  }

  /** Sends the failed messages of a campaign again, each with a fresh count of attempts. */
  async retryFailed(id: string): Promise<CampaignDetail> {
    if (!(await this.campaigns.existsBy({ id }))) throw new NotFoundException('No such e-mail campaign.');
    for (;;) {
      const failed = await this.outbox.find({ select: { id: true }, where: { campaignId: id, status: 'failed' }, take: 500 });
      if (!failed.length) break;
      const ids = failed.map((f) => f.id);
      await this.mail.removeFinishedJobs(ids);
      await this.outbox.update({ id: In(ids) }, { status: 'queued', attempts: 0, lastError: null });
      await this.mail.requeue(ids);
    }
    return this.detail(id);
  }

  private async views(rows: MailCampaign[]): Promise<CampaignView[]> {
    if (!rows.length) return [];
    const counts = await this.outbox
      .createQueryBuilder('m')
      .select('m.campaign_id', 'campaign')
      .addSelect('m.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where('m.campaign_id IN (:...ids)', { ids: rows.map((r) => r.id) })
      .groupBy('m.campaign_id')
      .addGroupBy('m.status')
      .getRawMany<{ campaign: string; status: OutboxStatus; n: string | number }>();
    return rows.map((r) => {
      const c: CampaignCounts = { queued: 0, sending: 0, sent: 0, failed: 0 };
      for (const row of counts) if (row.campaign === r.id && row.status in c) c[row.status] = Number(row.n);
      return {
        id: r.id,
        subject: r.subject,
        created_date: r.createdDate.toISOString(),
        total: r.total,
        skipped: r.skipped,
        counts: c,
        done: r.fannedOut && c.queued + c.sending === 0,
      };
    });
  }
}
