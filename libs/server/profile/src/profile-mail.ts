import { Injectable, Logger } from '@nestjs/common';
import { pathTo, PROFILE_CHANGED_MAIL } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { MailService, renderMail } from '@solvr/server-mail';

/** Tells an account's owner, through the outbox and the queue like every account e-mail, that someone else changed its profile. */
@Injectable()
export class ProfileMail {
  private readonly logger = new Logger(ProfileMail.name);

  constructor(
    private readonly mail: MailService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** `fields` are the changed fields' labels. The profile is saved either way: a mail that cannot be queued is logged loudly. */
  async profileChanged(to: string, fields: readonly string[], at = new Date()): Promise<void> {
    const { product, team } = this.config.brand;
    const { text, html } = renderMail(this.config.brand, {
      paragraphs: PROFILE_CHANGED_MAIL.paragraphs(product, fields, PROFILE_CHANGED_MAIL.when(at)),
      action: { label: PROFILE_CHANGED_MAIL.action, url: `${this.config.publicUrl}${pathTo('Contact')}` },
    });
    await this.mail
      .enqueue({ kind: 'profile-changed', to, fromName: team, subject: PROFILE_CHANGED_MAIL.subject(product), text, html })
      .catch((err: unknown) => this.logger.error({ err, to }, 'profile change notice not queued'));
  }
}
