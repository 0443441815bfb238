import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, configOf, loadConfig } from '@solvr/server-core';
import { mailConfig } from './mail.config';

const DATA_DIR = mkdtempSync(join(tmpdir(), 'solvr-mail-config-'));

describe('mail settings', () => {
  it('writes to the outbox folder unless SMTP_URL is set, from the product name', () => {
    expect(configOf(loadConfig({ DATA_DIR }), mailConfig)).toEqual({
      from: 'Solvr <no-reply@localhost>',
      smtpUrl: null,
      outboxDir: join(DATA_DIR, 'outbox'),
      messageIdHost: 'localhost',
      maxAttempts: 8,
      backoffMs: 2000,
      poolSize: 5,
      ratePerSecond: 0,
      requeueAfterMs: 300_000,
      testTo: 'support@solvr.app',
      contactTo: 'support@solvr.app',
    });
    const tuned = configOf(loadConfig({ DATA_DIR, MAIL_MAX_ATTEMPTS: '12', MAIL_RATE_PER_SECOND: '14', MAIL_TEST_TO: 'ops@example.com' }), mailConfig);
    expect(tuned).toMatchObject({ maxAttempts: 12, ratePerSecond: 14, testTo: 'ops@example.com' });
    expect(configOf(loadConfig({ DATA_DIR, SMTP_URL: 'smtp://127.0.0.1:2525' }), mailConfig).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it.each([
    [{ SMTP_URL: 'http://x' }, 'Invalid setting SMTP_URL: expected a smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'nobody' }, 'Invalid setting MAIL_FROM: must contain an e-mail address'],
    [{ MAIL_TEST_TO: 'ops' }, 'Invalid setting MAIL_TEST_TO: must be an e-mail address'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'Invalid setting MAIL_MAX_ATTEMPTS'],
  ])('rejects %j with one clear line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR, ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});
