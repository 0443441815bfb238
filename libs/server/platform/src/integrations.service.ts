import { BadRequestException, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isValidEmail, normalizeEmail, oneLine, PLATFORM_TEXTS } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { ThrottleService } from '@solvr/server-auth';
import { UploadsService } from '@solvr/server-files';
import { mailConfig, type MailConfig, MailService, renderMail } from '@solvr/server-mail';
import { FileLinks } from './file-links';
import { isPrivileged, type PlatformCaller, refusal, requireSignedIn } from './platform-caller';

const bad = (message: string) => new BadRequestException({ message, code: 'bad_request' });

/** What Core.SendEmail answers: the message is in the outbox and will be sent by the mail worker. */
export interface SendEmailResult {
  success: true;
  status: 'queued';
}

/**
 * The Core integrations of spec section 7. SendEmail writes one message to the mail outbox, as every e-mail of the
 * site is sent: admins (and the service role) to any address, as the admin console's Email tab does; a user to the
 * support address only, as the Contact form does, within the sign-in throttle's budget. UploadFile streams the file
 * into storage for an admin, whose File.create then makes its record.
 */
@Injectable()
export class PlatformIntegrations {
  constructor(
    private readonly mail: MailService,
    private readonly uploads: UploadsService,
    private readonly links: FileLinks,
    private readonly throttle: ThrottleService,
    @InjectConfig() private readonly config: AppConfig,
    @InjectConfig(mailConfig) private readonly mailSettings: MailConfig,
  ) {}

  async sendEmail(caller: PlatformCaller, params: Record<string, unknown>): Promise<SendEmailResult> {
    const signedIn = requireSignedIn(caller);
    // A plain user writes to the support address only; admins and the service role write to anyone.
    const user = signedIn.kind === 'user' && !signedIn.admin ? signedIn.user : null;
    const { to, subject, body, from_name: fromName } = params;
    if (typeof to !== 'string' || to.length > 254 || !isValidEmail(to.trim())) throw bad(PLATFORM_TEXTS.emailTo);
    if (typeof subject !== 'string' || !oneLine(subject) || subject.length > 300) throw bad(PLATFORM_TEXTS.emailSubject);
    if (typeof body !== 'string' || !body.trim()) throw bad(PLATFORM_TEXTS.emailBody);
    if (fromName !== undefined && fromName !== null && (typeof fromName !== 'string' || fromName.length > 200)) throw bad(PLATFORM_TEXTS.emailFromName);
    if (user) {
      if (normalizeEmail(to) !== normalizeEmail(this.mailSettings.contactTo)) throw refusal.forbidden(PLATFORM_TEXTS.emailOnlyToSupport);
      await this.throttle.consumeAccount('platform-mail', user.email);
    }
    const rendered = renderMail(this.config.brand, { paragraphs: body.trim().split(/\r?\n\s*\r?\n/) });
    await this.mail.enqueue({
      kind: user ? 'contact' : 'bulk',
      to: to.trim(),
      subject: oneLine(subject),
      text: rendered.text,
      html: rendered.html,
      fromName: oneLine(typeof fromName === 'string' && fromName.trim() ? fromName : this.config.brand.product),
      ...(user ? { headers: { 'Reply-To': user.email } } : {}),
    });
    return { success: true, status: 'queued' };
  }

  async uploadFile(caller: PlatformCaller, req: FastifyRequest): Promise<{ file_url: string }> {
    if (!isPrivileged(requireSignedIn(caller))) throw refusal.forbidden(PLATFORM_TEXTS.uploadAdminOnly);
    return { file_url: this.links.uploadUrl(await this.uploads.receiveObject(req)) };
  }
}
