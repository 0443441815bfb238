import { join } from 'path';
import { ConfigError, defineConfigSection } from '@solvr/server-core';

/** MAIL_FROM, and SMTP_URL for services mode; without it mail is written to DATA_DIR/outbox. */
export const mailConfig = defineConfigSection('mail', (env, core) => {
  const from = env.str('MAIL_FROM') ?? `${core.brand.product} <no-reply@localhost>`;
  if (!/@/.test(from)) throw new ConfigError('MAIL_FROM', 'must contain an e-mail address');
  return {
    from,
    smtpUrl: env.url('SMTP_URL', ['smtp', 'smtps']) ?? null,
    outboxDir: join(core.dataDir, 'outbox'),
    /** The host part of Message-IDs. */
    messageIdHost: new URL(core.publicUrl).hostname,
  };
});
export type MailConfig = ReturnType<typeof mailConfig.read>;
