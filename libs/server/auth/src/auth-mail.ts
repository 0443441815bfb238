import { Injectable } from '@nestjs/common';
import { pathTo, RESET_PASSWORD_TTL_HOURS, VERIFY_EMAIL_TTL_HOURS } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { MailService } from '@solvr/server-mail';

/** The account e-mails; each goes through the outbox and the mail queue like every other message. */
@Injectable()
export class AuthMail {
  constructor(
    private readonly mail: MailService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async verification(to: string, token: string): Promise<void> {
    const { product, team } = this.config.brand;
    const link = `${this.config.publicUrl}/api/auth/verify-email?token=${token}`;
    await this.mail.enqueue({
      kind: 'verification',
      to,
      fromName: team,
      subject: `Confirm your ${product} account`,
      text: `Welcome to ${product}!\n\nConfirm your e-mail address to finish signing up:\n${link}\n\nThe link works once and expires in ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not sign up, ignore this e-mail.\n\n${team}`,
    });
  }

  /** Sent when someone signs up with an address that already has a confirmed account. */
  async alreadyRegistered(to: string): Promise<void> {
    const { product, team } = this.config.brand;
    await this.mail.enqueue({
      kind: 'verification',
      to,
      fromName: team,
      subject: `Your ${product} account`,
      text: `Someone tried to sign up for ${product} with this e-mail address, which already has an account.\n\nSign in: ${this.config.publicUrl}${pathTo('Signin')}\nForgot your password? Use "Forgot password?" on the sign-in page.\n\n${team}`,
    });
  }

  async passwordReset(to: string, token: string): Promise<void> {
    const { product, team } = this.config.brand;
    const link = `${this.config.publicUrl}${pathTo('ResetPassword', product, { token })}`;
    await this.mail.enqueue({
      kind: 'password-reset',
      to,
      fromName: team,
      subject: `Reset your ${product} password`,
      text: `We received a request to reset your ${product} password.\n\nChoose a new password:\n${link}\n\nThe link works once and expires in ${RESET_PASSWORD_TTL_HOURS} hour. If you did not ask for this, ignore this e-mail: your password stays as it is.\n\n${team}`,
    });
  }
}
