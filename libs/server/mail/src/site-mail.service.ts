import { BadRequestException, HttpException, HttpStatus, Injectable, NotFoundException, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CONTACT_CATEGORIES, type ContactCategory, contactProblem, contactSubject, type ContactRequest, messageProblem, oneLine, type TestMailResult } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { UsersService } from '@solvr/server-users';
import { mailConfig, type MailConfig } from './mail.config';
import { renderCampaign, UNSUBSCRIBE_LINK } from './campaign-message';
import { renderMail } from './mail-templates';
import { MailService } from './mail.service';
import type { OutboxMessage } from './outbox-message.entity';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Contact messages per user in this window. */
const CONTACT_POINTS = 5;
const CONTACT_WINDOW_SECONDS = 10 * 60;
/** How long a test e-mail may take before the admin is told it did not go. */
const TEST_WAIT_MS = 15_000;

/** The Contact form and the Overview's test e-mails: each one message through the outbox like every other. */
@Injectable()
export class SiteMailService implements OnModuleDestroy {
  private readonly redis?: Redis;
  private readonly contactLimit: RateLimiterAbstract;

  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly links: UnsubscribeLinks,
    @InjectConfig() private readonly config: AppConfig,
    @InjectConfig(mailConfig) private readonly mailSettings: MailConfig,
  ) {
    const opts = { points: CONTACT_POINTS, duration: CONTACT_WINDOW_SECONDS, keyPrefix: `${config.redis?.prefix ?? 'solvr'}:throttle:contact` };
    if (config.redis) this.redis = new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.contactLimit = this.redis
      ? new RateLimiterRedis({ ...opts, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts);
  }

  /** Spec section 7: subject '[CATEGORY] subject', a body with every field, the time and the user id. */
  async contact(userId: string, body: Partial<ContactRequest>): Promise<void> {
    const problem = contactProblem(body);
    if (problem) throw new BadRequestException(problem);
    const user = await this.users.mailRecipient(userId);
    if (!user) throw new NotFoundException('Your account was not found.');
    try {
      await this.contactLimit.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw new HttpException(`You sent several messages in a short time. Please wait ${Math.ceil(err.msBeforeNext / 60_000)} minute(s) and try again.`, HttpStatus.TOO_MANY_REQUESTS);
    }
    const req = body as ContactRequest;
    // The e-mail is the account's, and the name the profile's when it has one: the form shows them read-only.
    const name = oneLine(user.fullName || req.name);
    const label = CONTACT_CATEGORIES.find((c) => c.value === req.category)?.label ?? req.category;
    const text = [
      `Category: ${label}`,
      `Name: ${name}`,
      `Email: ${user.email}`,
      `Subject: ${oneLine(req.subject)}`,
      `Message:\n${req.message.trim()}`,
      `Time: ${new Date().toISOString()}`,
      `User ID: ${user.id}`,
    ];
    const rendered = renderMail(this.config.brand, { paragraphs: text });
    await this.mail.enqueue({
      kind: 'contact',
      to: this.mailSettings.contactTo,
      subject: contactSubject(req.category as ContactCategory, req.subject),
      text: rendered.text,
      html: rendered.html,
      fromName: name,
      headers: { 'Reply-To': user.email },
    });
  }

  /** The Overview's Test Email / Test Contact Email: waits until the message has really gone (or failed). */
  async test(kind: 'email' | 'contact', adminEmail: string): Promise<TestMailResult> {
    const to = this.mailSettings.testTo;
    const { product } = this.config.brand;
    const paragraphs =
      kind === 'email'
        ? [`This is a test e-mail from the ${product} admin console, sent by ${adminEmail}.`, 'If you can read this, outgoing mail works.']
        : [`Category: Technical Support`, `Name: ${product} admin console`, `Email: ${adminEmail}`, 'Subject: Test contact message', 'Message:\nThis is a test of the contact form path.', `Time: ${new Date().toISOString()}`];
    const rendered = renderMail(this.config.brand, { paragraphs });
    const row = await this.mail.enqueue({
      kind: 'test',
      to,
      subject: kind === 'email' ? `${product} test e-mail` : contactSubject('technical-support', 'Test contact message'),
      text: rendered.text,
      html: rendered.html,
      fromName: this.config.brand.team,
    });
    return this.delivered(row);
  }

  /**
   * "Send a test to me": the composed campaign exactly as its recipients get it (template, subject, unsubscribe
   * footer and headers), to the signed-in admin only; waits until it has really gone, as the Overview's test does.
   */
  async testCampaign(subject: string, message: string, admin: { id: string; email: string }): Promise<TestMailResult> {
    const problem = messageProblem({ subject, message });
    if (problem) throw new BadRequestException(problem);
    const rendered = renderCampaign(this.config.brand, message);
    const url = this.links.pageUrl(admin.id);
    const row = await this.mail.enqueue({
      kind: 'test',
      to: admin.email,
      subject: oneLine(subject),
      text: rendered.text.replaceAll(UNSUBSCRIBE_LINK, url),
      html: rendered.html.replaceAll(UNSUBSCRIBE_LINK, url),
      fromName: this.config.brand.team,
      headers: this.links.headers(admin.id),
    });
    return this.delivered(row);
  }

  private async delivered(row: OutboxMessage): Promise<TestMailResult> {
    const deadline = Date.now() + TEST_WAIT_MS;
    for (;;) {
      const now = await this.mail.find(row.id);
      if (now?.status === 'sent') return { to: row.to };
      // The first refusal is reported at once (the queue still retries it in the background).
      if (now?.status === 'failed' || now?.lastError || Date.now() > deadline) {
        const reason = now?.lastError ?? `the mail worker did not send it within ${TEST_WAIT_MS / 1000} seconds`;
        throw new HttpException(reason, HttpStatus.SERVICE_UNAVAILABLE);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}
