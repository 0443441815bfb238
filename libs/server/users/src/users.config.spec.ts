import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, configOf, loadConfig } from '@solvr/server-core';
import { usersConfig } from './users.config';

const DATA_DIR = mkdtempSync(join(tmpdir(), 'solvr-users-config-'));

describe('users settings', () => {
  it('normalises ADMIN_EMAILS', () => {
    expect(configOf(loadConfig({ DATA_DIR, ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com' }), usersConfig).adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('rejects an address that is not one, naming it', () => {
    const run = () => loadConfig({ DATA_DIR, ADMIN_EMAILS: 'a@b.co, nope' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('Invalid setting ADMIN_EMAILS: "nope" is not an e-mail address');
  });
});
