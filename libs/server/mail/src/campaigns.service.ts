import { InjectQueue } from '@nestjs/bull';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import type { Queue } from 'bull';
import {
  campaignProblem,
  type CampaignCounts,
  type CampaignCreated,
  type CampaignDetail,
  type CampaignRequest,
  type CampaignPreview,
  type CampaignView,
  MAIL_LIMITS,
  oneLine,
  type OutboxStatus,
} from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { UsersService } from '@solvr/server-users';
import { MailCampaign } from './mail-campaign.entity';
import { renderMail } from './mail-templates';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.entity';
import { UnsubscribeLinks } from './unsubscribe-links';

const RECENT_CAMPAIGNS = 20;
const FAILURES_SHOWN = 100;
/** Stands in for the recipient's unsubscribe address while the shared HTML is rendered once per campaign. */
const LINK = '__UNSUBSCRIBE_URL__';

/** The Email Center: a campaign is its row plus one outbox message per recipient who has not opted out. */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(MailCampaign) private readonly campaigns: Repository<MailCampaign>,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectQueue('mail') private readonly queue: Partial<Pick<Queue, 'getJob'>>,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly links: UnsubscribeLinks,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The campaign mail with a stand-in unsubscribe address: what every recipient gets, and the Email tab's preview. */
  render(message: string) {
    const { brand } = this.config;
    return renderMail(brand, {
      paragraphs: message.trim().split(/\n\s*\n/),
      footer: { text: `You receive this e-mail because you have a ${brand.product} account.`, linkLabel: 'Unsubscribe', url: LINK },
    });
  }

  preview(subject: string, message: string): CampaignPreview {
    const { html } = this.render(message.slice(0, MAIL_LIMITS.message) || ' ');
    return { from: this.config.brand.team, subject: oneLine(subject.slice(0, MAIL_LIMITS.subject)), html: html.replaceAll(LINK, '#') };
  }

  async create(req: CampaignRequest, adminId: string): Promise<CampaignCreated> {
    const problem = campaignProblem(req);
    if (problem) throw new BadRequestException(problem);
    const { brand } = this.config;
    const subject = oneLine(req.subject);
    const rendered = this.render(req.message);
    const campaign = await this.campaigns.save(
      this.campaigns.create({ id: randomUUID(), subject, message: req.message, createdBy: adminId, total: 0, skipped: 0, createdDate: new Date() }),
    );
    let queued = 0;
    let skipped = 0;
    for await (const chunk of this.users.mailAudience(req.userIds ? { userIds: req.userIds } : { all: req.all })) {
      const recipients = chunk.filter((u) => !u.optedOut);
      skipped += chunk.length - recipients.length;
      await this.mail.enqueueMany(
        recipients.map((u) => {
          const url = this.links.pageUrl(u.id);
          return {
            kind: 'bulk' as const,
            to: u.email,
            subject,
            text: rendered.text.replaceAll(LINK, url),
            html: rendered.html.replaceAll(LINK, url),
            fromName: brand.team,
            campaignId: campaign.id,
            headers: this.links.headers(u.id),
          };
        }),
      );
      queued += recipients.length;
    }
    if (!queued) {
      await this.campaigns.delete(campaign.id);
      throw new BadRequestException(skipped ? 'Every selected user opted out of bulk e-mail.' : 'Please select at least one recipient');
    }
    await this.campaigns.update(campaign.id, { total: queued, skipped });
    return { campaign: (await this.views([{ ...campaign, total: queued, skipped }]))[0], queued, skipped };
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
      // Bull keeps a failed job under its id, and would ignore a new job with that id: remove it first.
      const getJob = this.queue.getJob?.bind(this.queue);
      if (getJob) await Promise.all(ids.map(async (jobId) => (await getJob(jobId))?.remove()));
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
        done: c.queued + c.sending === 0 && r.total > 0,
      };
    });
  }
}
