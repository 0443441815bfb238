import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { access, mkdir, writeFile } from 'fs/promises';
import { constants } from 'fs';
import { join } from 'path';
import { createTransport, Transporter } from 'nodemailer';
import { ComponentHealth } from '@solvr/contracts';
import { ChecksHealth, HealthIndicator, InjectConfig, withTimeout } from '@solvr/server-core';
import { mailConfig, type MailConfig } from './mail.config';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  fromName?: string | null;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox folder. */
@Injectable()
@HealthIndicator('mail')
export class MailTransport implements ChecksHealth, OnModuleDestroy {
  private readonly transporter: Transporter;
  readonly driver: 'smtp' | 'outbox';

  constructor(@InjectConfig(mailConfig) private readonly config: MailConfig) {
    this.driver = config.smtpUrl ? 'smtp' : 'outbox';
    this.transporter = config.smtpUrl
      ? createTransport(config.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  private from(fromName?: string | null): string {
    const from = this.config.from;
    if (!fromName) return from;
    const address = from.match(/<([^>]+)>/)?.[1] ?? from;
    return `"${fromName.replace(/"/g, '')}" <${address}>`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.from(mail.fromName),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      messageId: `<${mail.id}@${this.config.messageIdHost}>`,
    });
    if (this.driver === 'outbox') {
      await mkdir(this.config.outboxDir, { recursive: true });
      await writeFile(join(this.config.outboxDir, `${mail.id}.eml`), (info as { message: Buffer }).message);
    }
  }

  async check(): Promise<ComponentHealth> {
    try {
      if (this.driver === 'smtp') await withTimeout(this.transporter.verify(), 3000, 'SMTP server did not answer');
      else {
        await mkdir(this.config.outboxDir, { recursive: true });
        await access(this.config.outboxDir, constants.W_OK);
      }
      return { status: 'up', driver: this.driver };
    } catch (err) {
      return { status: 'down', driver: this.driver, error: (err as Error).message };
    }
  }

  onModuleDestroy(): void {
    this.transporter.close();
  }
}
