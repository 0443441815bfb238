import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, configOf, loadConfig } from '@solvr/server-core';
import { storageConfig } from './storage.config';

const DATA_DIR = mkdtempSync(join(tmpdir(), 'solvr-storage-config-'));

describe('storage settings', () => {
  it('defaults to a folder in the data directory', () => {
    expect(configOf(loadConfig({ DATA_DIR }), storageConfig)).toEqual({ driver: 'local', dir: join(DATA_DIR, 'files') });
  });

  it('switches to S3 with a bucket', () => {
    const s3 = configOf(loadConfig({ DATA_DIR, S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }), storageConfig);
    expect(s3).toMatchObject({ driver: 's3', bucket: 'b', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'Invalid setting S3_BUCKET: is required when other S3_* settings are given'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'Invalid setting S3_SECRET_ACCESS_KEY: both S3 keys must be set, or neither'],
  ])('rejects %j with one clear line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR, ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});
