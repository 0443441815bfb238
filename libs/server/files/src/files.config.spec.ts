import { configOf, loadConfig } from '@solvr/server-core';
import { filesConfig } from './files.config';

const SECRET = 'a-jwt-secret-that-is-long-enough-0123456789';
const read = (env: Record<string, string> = {}) => configOf(loadConfig({ DATA_DIR: '/tmp/solvr-files-config', JWT_SECRET: SECRET, ...env }), filesConfig);

describe('files settings', () => {
  it('has defaults for the embedded mode', () => {
    expect(read()).toMatchObject({ maxBytes: 2 * 1024 ** 3, linkTtlSeconds: 300, accelPrefix: null });
  });

  it('reads sizes as BODY_LIMIT is written, or in bytes', () => {
    expect(read({ FILE_MAX_SIZE: '500mb' }).maxBytes).toBe(500 * 1024 ** 2);
    expect(read({ FILE_MAX_SIZE: '3GB' }).maxBytes).toBe(3 * 1024 ** 3);
    expect(read({ FILE_MAX_SIZE: '1048576' }).maxBytes).toBe(1048576);
    for (const bad of ['0', '2 tb', 'big', '-1mb', '51gb']) {
      expect(() => read({ FILE_MAX_SIZE: bad })).toThrow(`Invalid setting FILE_MAX_SIZE: expected a size from 1b to 50gb such as 500mb or 2gb, got "${bad}"`);
    }
  });

  it('checks the link lifetime and the nginx prefix', () => {
    expect(read({ DOWNLOAD_URL_TTL_SECONDS: '60' }).linkTtlSeconds).toBe(60);
    expect(() => read({ DOWNLOAD_URL_TTL_SECONDS: '5' })).toThrow('Invalid setting DOWNLOAD_URL_TTL_SECONDS');
    expect(read({ DOWNLOAD_ACCEL_PREFIX: '/protected/' }).accelPrefix).toBe('/protected/');
    expect(read({ DOWNLOAD_ACCEL_PREFIX: '/internal/files/' }).accelPrefix).toBe('/internal/files/');
    for (const bad of ['protected/', '/protected', '/../etc/', 'http://x/']) {
      expect(() => read({ DOWNLOAD_ACCEL_PREFIX: bad })).toThrow('Invalid setting DOWNLOAD_ACCEL_PREFIX');
    }
  });

  it('derives the link signing key from JWT_SECRET: stable, 32 bytes, not the secret itself', () => {
    const key = read().signingKey;
    expect(key).toHaveLength(32);
    expect(read().signingKey.equals(key)).toBe(true);
    expect(key.toString('utf8')).not.toContain(SECRET.slice(0, 8));
    expect(read({ JWT_SECRET: SECRET + 'x' }).signingKey.equals(key)).toBe(false);
  });
});
