import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { access, mkdir, writeFile } from 'fs/promises';
import { constants } from 'fs';
import { join } from 'path';
import { createTransport, Transporter } from 'nodemailer';
import { ComponentHealth, oneLine } from '@solvr/contracts';
import { ChecksHealth, HealthIndicator, InjectConfig, withTimeout } from '@solvr/server-core';
import { mailConfig, type MailConfig } from './mail.config';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  fromName?: string | null;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers?: string | null;
}

/**
 * Pooled SMTP when SMTP_URL is set (MAIL_POOL_SIZE connections, MAIL_RATE_PER_SECOND messages a second);
 * otherwise each message is written as an .eml file to the outbox folder.
 */
@Injectable()
@HealthIndicator('mail')
export class MailTransport implements ChecksHealth, OnModuleDestroy {
  private readonly transporter: Transporter;
  readonly driver: 'smtp' | 'outbox';

  constructor(@InjectConfig(mailConfig) private readonly config: MailConfig) {
    this.driver = config.smtpUrl ? 'smtp' : 'outbox';
    this.transporter = config.smtpUrl
      ? createTransport({
          url: config.smtpUrl,
          pool: true,
          maxConnections: config.poolSize,
          maxMessages: 1000,
          ...(config.ratePerSecond ? { rateDelta: 1000, rateLimit: config.ratePerSecond } : {}),
        } as Parameters<typeof createTransport>[0])
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  private from(fromName?: string | null): string {
    const from = this.config.from;
    if (!fromName) return from;
    const address = from.match(/<([^>]+)>/)?.[1] ?? from;
    return `"${oneLine(fromName).replace(/["\\]/g, '')}" <${address}>`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail({
      from: this.from(mail.fromName),
      to: mail.to,
      // Header fields never carry CR/LF from user input (nodemailer also folds, this makes it certain).
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html ?? undefined,
      headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
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
