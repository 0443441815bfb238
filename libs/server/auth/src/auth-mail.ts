import { Injectable } from '@nestjs/common';
import { pathTo, RESET_PASSWORD_TTL_HOURS, VERIFY_EMAIL_TTL_HOURS } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { type MailContent, MailService, renderMail } from '@solvr/server-mail';

/** The account e-mails, from the brand's templates (text and HTML); each goes through the outbox and the queue. */
@Injectable()
export class AuthMail {
  constructor(
    private readonly mail: MailService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private async send(kind: 'verification' | 'password-reset', to: string, subject: string, content: MailContent): Promise<void> {
    const { text, html } = renderMail(this.config.brand, content);
    await this.mail.enqueue({ kind, to, fromName: this.config.brand.team, subject, text, html });
  }

  async verification(to: string, token: string): Promise<void> {
    const { product } = this.config.brand;
    await this.send('verification', to, `Confirm your ${product} account`, {
      paragraphs: [
        `Welcome to ${product}!`,
        'Confirm your e-mail address to finish signing up.',
        `The link works once and expires in ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not sign up, ignore this e-mail.`,
      ],
      action: { label: 'Confirm e-mail address', url: `${this.config.publicUrl}/api/auth/verify-email?token=${token}` },
    });
  }

  /** Sent when someone signs up with an address that already has a confirmed account. */
  async alreadyRegistered(to: string): Promise<void> {
    const { product } = this.config.brand;
    await this.send('verification', to, `Your ${product} account`, {
      paragraphs: [
        `Someone tried to sign up for ${product} with this e-mail address, which already has an account.`,
        'Forgot your password? Use "Forgot password?" on the sign-in page.',
      ],
      action: { label: 'Sign in', url: `${this.config.publicUrl}${pathTo('Signin')}` },
    });
  }

  async passwordReset(to: string, token: string): Promise<void> {
    const { product } = this.config.brand;
    await this.send('password-reset', to, `Reset your ${product} password`, {
      paragraphs: [
        `We received a request to reset your ${product} password.`,
        `The link works once and expires in ${RESET_PASSWORD_TTL_HOURS} hour. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
      ],
      action: { label: 'Choose a new password', url: `${this.config.publicUrl}${pathTo('ResetPassword', product, { token })}` },
    });
  }
}
