import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, loadConfig } from './app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'solvr-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ type: 'sqlite', path: join(dir, 'solvr.sqlite') });
    expect(c.redis).toBeNull();
    expect(c.runJobsInApi).toBe(true);
    expect(c.brand.product).toBe('Solvr');
    expect(c.proofVideoId).toBeNull();
  });

  it('takes PROOF_VIDEO_ID as a YouTube video id and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PROOF_VIDEO_ID: 'dQw4w9WgXcQ' }).proofVideoId).toBe('dQw4w9WgXcQ');
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROOF_VIDEO_ID: 'https://youtu.be/dQw4w9WgXcQ' })).toThrow(/PROOF_VIDEO_ID/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROOF_VIDEO_ID: 'solvr-demo0"' })).toThrow(ConfigError);
  });

  it('keeps a generated token secret in the data folder so restarts reuse it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('switches to services mode from DATABASE_URL and REDIS_URL', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://root@127.0.0.1:3306/solvr', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(c.database).toEqual({ type: 'mysql', url: 'mysql://root@127.0.0.1:3306/solvr' });
    expect(c.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'solvr' });
    expect(c.runJobsInApi).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT: expected a whole number from 0 to 65535, got "abc"'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'Invalid setting DATABASE_URL: expected a mysql:// or mariadb:// URL'],
    [{ REDIS_URL: 'not a url' }, 'Invalid setting REDIS_URL: not a valid URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid setting LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ NODE_ENV: 'production' }, 'Invalid setting JWT_SECRET: is required when NODE_ENV=production'],
    [{ JWT_SECRET: 'short' }, 'Invalid setting JWT_SECRET: must be at least 32 characters long'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' }, 'Invalid setting TRUSTED_PROXIES: "proxy.local" is not an IP address, a CIDR range or loopback / linklocal / uniquelocal'],
    [{ BODY_LIMIT: 'lots' }, 'Invalid setting BODY_LIMIT: expected a size such as 100kb or 1mb, got "lots"'],
  ])('rejects %j with one clear line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});
