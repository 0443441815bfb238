import { join } from 'path';
import { ConfigError, defineConfigSection } from '@solvr/server-core';

/** MAIL_FROM, and SMTP_URL for services mode; without it mail is written to DATA_DIR/outbox. */
export const mailConfig = defineConfigSection('mail', (env, core) => {
  const from = env.str('MAIL_FROM') ?? `${core.brand.product} <no-reply@localhost>`;
  if (!/@/.test(from)) throw new ConfigError('MAIL_FROM', 'must contain an e-mail address');
  const testTo = env.str('MAIL_TEST_TO') ?? core.brand.supportEmail;
  if (!/^[^@\s]+@[^@\s]+$/.test(testTo)) throw new ConfigError('MAIL_TEST_TO', 'must be an e-mail address');
  const contactTo = env.str('CONTACT_TO') ?? core.brand.supportEmail;
  if (!/^[^@\s]+@[^@\s]+$/.test(contactTo)) throw new ConfigError('CONTACT_TO', 'must be an e-mail address');
  return {
    from,
    smtpUrl: env.url('SMTP_URL', ['smtp', 'smtps']) ?? null,
    outboxDir: join(core.dataDir, 'outbox'),
    /** The host part of Message-IDs. */
    messageIdHost: new URL(core.publicUrl).hostname,
    /**
     * Tries per message before it is marked failed; the waits between them double from 2 s, so the default 8 tries
     * outlast a mail server that refuses for several minutes (5 gave up within a minute).
     */
    maxAttempts: env.int('MAIL_MAX_ATTEMPTS', 8, 1, 20),
    backoffMs: env.int('MAIL_BACKOFF_MS', 2000, 10, 3_600_000),
    /** SMTP connections kept open, and messages per second over all of them (0 = no limit). */
    poolSize: env.int('MAIL_POOL_SIZE', 5, 1, 50),
    ratePerSecond: env.int('MAIL_RATE_PER_SECOND', 0, 0, 10_000),
    /** A row still queued or sending this long after its last change is put back on the queue. */
    requeueAfterMs: (env.int('MAIL_REQUEUE_AFTER_SECONDS', 300, 1, 86_400)) * 1000,
    /** Where the Overview's Test Email and Test Contact Email go, and where contact messages go. */
    testTo,
    contactTo,
  };
});
export type MailConfig = ReturnType<typeof mailConfig.read>;
