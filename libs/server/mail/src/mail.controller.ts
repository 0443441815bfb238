import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type CampaignCreated,
  type CampaignDetail,
  type CampaignPreview,
  type CampaignView,
  MAIL_LIMITS,
  type MailAudienceCount,
  type MailAudienceRequest,
  type MailSegmentChoice,
  type MailRecipientIds,
  type MailRecipientPage,
  type SubscriptionView,
  type TestMailResult,
  UNSUBSCRIBE_TEXTS,
} from '@solvr/contracts';
import { Audited, CurrentUser, fieldOf, NoStore, Public, queryText, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { UsersService } from '@solvr/server-users';
import { CampaignsService } from './campaigns.service';
import { SiteMailService } from './site-mail.service';
import { UnsubscribeLinks } from './unsubscribe-links';
import { CampaignDto, AudienceDto, CampaignTestDto, PreviewDto, ContactDto, TestMailDto } from './mail.dto';

/** The parts class-validator does not reach: the search text and the segment's fields. */
function checkAudience(body: MailAudienceRequest): void {
  if (body.all && typeof body.all.q !== 'string') throw new BadRequestException('all.q must be text.');
  const segment = body.segment;
  if (segment && (typeof segment.kind !== 'string' || (segment.option !== undefined && typeof segment.option !== 'string'))) {
    throw new BadRequestException('segment.kind and segment.option must be text.');
  }
}

const PAGE_MAX = 200;
const int = (v: unknown, def: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : def;
};

/** The Email Center and the Overview's test e-mails. */
@Roles('admin')
@Controller('admin/mail')
@NoStore()
export class AdminMailController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly siteMail: SiteMailService,
    private readonly users: UsersService,
  ) {}

  /** GET /api/admin/mail/recipients?q=&offset=&limit=: users to pick, with the opted-out marked. */
  @Get('recipients')
  @ApiDoc('Admin: mail', { summary: 'Users who can be e-mailed, matching a search', query: { q: 'Search text', offset: 'Rows to skip', limit: 'Rows to answer' }, answers: doc.ok('MailRecipientPage') })
  async recipients(@Query('q') q: unknown, @Query('offset') offset: unknown, @Query('limit') limit: unknown): Promise<MailRecipientPage> {
    const page = await this.users.mailRecipients(queryText(q), int(limit, 50, PAGE_MAX), int(offset, 0, 10_000_000));
    return { total: page.total, users: page.users.map((u) => ({ id: u.id, email: u.email, full_name: u.fullName, opted_out: u.optedOut })) };
  }

  /** GET /api/admin/mail/recipients/ids?q=: "Select all N matches": every reachable user matching, by id. */
  @Get('recipients/ids')
  @ApiDoc('Admin: mail', { summary: 'The ids of every matching recipient (select all)', query: { q: 'Search text' }, answers: doc.ok('MailRecipientIds') })
  async recipientIds(@Query('q') q: unknown): Promise<MailRecipientIds> {
    return { ids: await this.users.mailableIds(queryText(q), MAIL_LIMITS.recipients) };
  }

  /** The mail as recipients will see it, rendered by the same template as the send. */
  @Post('preview')
  @HttpCode(200)
  @ApiDoc('Admin: mail', { summary: 'The e-mail a campaign would send', answers: doc.ok('CampaignPreview') })
  preview(@Body() body: PreviewDto): CampaignPreview {
    return this.campaigns.preview(body.subject ?? '', body.message ?? '');
  }

  @Post('campaigns')
  @Audited('mail.campaign', ({ body, result }) => {
    const created = result as CampaignCreated;
    return { type: 'campaign', id: created.campaign.id, label: fieldOf(body, 'subject'), detail: `queued: ${created.queued}, skipped: ${created.skipped}` };
  })
  @ApiDoc('Admin: mail', { summary: 'Send a campaign', description: 'The worker fans it out 500 messages at a time.', answers: doc.created('CampaignCreated') })
  create(@Body() body: CampaignDto, @CurrentUser() admin: SessionUser): Promise<CampaignCreated> {
    checkAudience(body);
    return this.campaigns.create(body, admin.id);
  }

  /** The segments a campaign can go to, with their options (files, platforms, saved searches). */
  @Get('segments')
  @ApiDoc('Admin: mail', { summary: 'The segments a campaign can go to, with their options', answers: doc.ok('MailSegmentChoice[]') })
  segments(): Promise<MailSegmentChoice[]> {
    return this.campaigns.segmentChoices();
  }

  /** How many a campaign to this audience reaches, and how many it leaves out and why (counted, never listed). */
  @Post('audience')
  @HttpCode(200)
  @ApiDoc('Admin: mail', { summary: 'How many a campaign would reach, and whom it leaves out and why', description: 'Counted in SQL, never listed.', answers: doc.ok('MailAudienceCount'), errors: [400] })
  audience(@Body() body: AudienceDto): Promise<MailAudienceCount> {
    checkAudience(body);
    return this.campaigns.count(body);
  }

  /** "Send a test to me": the composed campaign, as sent, to the signed-in admin only. */
  @Post('campaigns/test')
  @HttpCode(200)
  @Audited('mail.test', ({ result }) => ({ type: 'mail', label: fieldOf(result, 'to'), detail: 'kind: campaign' }))
  @ApiDoc('Admin: mail', { summary: 'Send the composed campaign to the signed-in admin only', answers: doc.ok('TestMailResult'), errors: [400, 503] })
  testCampaign(@Body() body: CampaignTestDto, @CurrentUser() admin: SessionUser): Promise<TestMailResult> {
    return this.siteMail.testCampaign(body.subject, body.message, admin);
  }

  @Get('campaigns')
  @ApiDoc('Admin: mail', { summary: 'Recent campaigns and their progress', answers: doc.ok('CampaignView[]') })
  list(): Promise<CampaignView[]> {
    return this.campaigns.list();
  }

  @Get('campaigns/:id')
  @ApiDoc('Admin: mail', { summary: 'A campaign and its failures', answers: doc.ok('CampaignDetail') })
  detail(@Param('id') id: string): Promise<CampaignDetail> {
    return this.campaigns.detail(id);
  }

  @Post('campaigns/:id/retry')
  @HttpCode(200)
  @Audited('mail.retry', ({ params }) => ({ type: 'campaign', id: params.id }))
  @ApiDoc('Admin: mail', { summary: "Send a campaign's failed messages again", answers: doc.ok('CampaignDetail') })
  retry(@Param('id') id: string): Promise<CampaignDetail> {
    return this.campaigns.retryFailed(id);
  }

  @Post('test')
  @HttpCode(200)
  @Audited('mail.test', ({ body, result }) => ({ type: 'mail', label: fieldOf(result, 'to'), detail: `kind: ${String(body.kind)}` }))
  @ApiDoc('Admin: mail', { summary: 'Send a test e-mail', answers: doc.ok('TestMailResult') })
  test(@Body() body: TestMailDto, @CurrentUser() admin: SessionUser): Promise<TestMailResult> {
    return this.siteMail.test(body.kind, admin.email);
  }
}

/** POST /api/contact: the signed-in Contact page. */
@Controller('contact')
export class ContactController {
  constructor(private readonly siteMail: SiteMailService) {}

  @Post()
  @HttpCode(204)
  @ApiDoc('Mail', { summary: 'Send the Contact form to support', answers: doc.noContent('Sent') })
  async send(@Body() body: ContactDto, @CurrentUser() user: SessionUser): Promise<void> {
    await this.siteMail.contact(user.id, body);
  }
}

/** The unsubscribe link's page and the one-click POST of RFC 8058; the signed token is the only credential. */
@Public()
@Controller('mail')
@NoStore()
export class MailSubscriptionController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly users: UsersService,
  ) {}

  private async user(token: unknown) {
    const id = this.links.verify(token);
    const user = id ? await this.users.mailRecipient(id) : null;
    if (!user) throw new BadRequestException(UNSUBSCRIBE_TEXTS.invalid);
    return user;
  }

  @Get('subscription')
  @ApiDoc('Mail', { summary: 'Whether the account of an unsubscribe link gets bulk e-mail', query: { token: { description: 'The token of the link', required: true } }, answers: doc.ok('SubscriptionView'), errors: [400] })
  async subscription(@Query('token') token: unknown): Promise<SubscriptionView> {
    const user = await this.user(token);
    return { email: user.email, subscribed: !user.optedOut };
  }

  /** Mail providers POST `List-Unsubscribe=One-Click` (form-encoded) here; the page posts JSON or nothing. */
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiDoc('Mail', { summary: 'Stop bulk e-mail (one-click unsubscribe)', query: { token: { description: 'The token of the link', required: true } }, answers: doc.ok('SubscriptionView'), errors: [400] })
  async unsubscribe(@Query('token') token: unknown): Promise<SubscriptionView> {
    const user = await this.user(token);
    await this.users.setBulkMailOptOut(user.id, true);
    return { email: user.email, subscribed: false };
  }

  @Post('subscribe')
  @HttpCode(200)
  @ApiDoc('Mail', { summary: 'Get bulk e-mail again', query: { token: { description: 'The token of the link', required: true } }, answers: doc.ok('SubscriptionView'), errors: [400] })
  async subscribe(@Query('token') token: unknown): Promise<SubscriptionView> {
    const user = await this.user(token);
    await this.users.setBulkMailOptOut(user.id, false);
    return { email: user.email, subscribed: true };
  }
}
