import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Readable } from 'stream';
import { configOf, loadConfig } from '@solvr/server-core';
import { storageConfig } from './storage.config';
import { StorageService } from './storage.service';
import { ObjectMissing } from './storage-driver';
import { startTestS3 } from './testing/test-s3';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('StorageService (local disk)', () => {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'solvr-storage-')) });
  const storage = new StorageService(configOf(config, storageConfig));

  it('uses the local driver', () => {
    expect(storage.driver).toBe('local');
  });

  it('stores, reads whole and by range, and deletes', async () => {
    await expect(storage.put('files/a.txt', Readable.from(['hello ', 'world']))).resolves.toMatchObject({ size: 11 });
    await expect(storage.put('files/b.txt', Readable.from(['b']), 'text/plain')).resolves.toMatchObject({ size: 1 });
    await expect(text(await storage.get('files/a.txt'))).resolves.toBe('hello world');
    await expect(text(await storage.get('files/a.txt', { start: 6, end: 10 }))).resolves.toBe('world');
    await expect(storage.stat('files/a.txt')).resolves.toMatchObject({ size: 11 });
    await expect(storage.exists('files/a.txt')).resolves.toBe(true);
    await expect(storage.downloadUrl('files/a.txt', { fileName: 'a.txt', expiresInSeconds: 60 })).resolves.toBeNull();
    await storage.delete('files/a.txt');
    await expect(storage.get('files/a.txt')).rejects.toBeInstanceOf(ObjectMissing);
  });

  it('refuses keys that escape the storage folder', async () => {
    await expect(storage.put('../escape.txt', Readable.from(['x']))).rejects.toThrow('Invalid storage key');
  });

  it('reports itself up', async () => {
    await expect(storage.check()).resolves.toEqual({ status: 'up', driver: 'local' });
  });

  it('reports itself down when the folder cannot be made', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'solvr-storage-'));
    writeFileSync(join(dataDir, 'files'), 'a file where the folder should be');
    const broken = new StorageService(configOf(loadConfig({ DATA_DIR: dataDir }), storageConfig));
    await expect(broken.check()).resolves.toMatchObject({ status: 'down', driver: 'local', error: expect.stringContaining('EEXIST') });
  });
});

describe('StorageService (S3)', () => {
  it('uses the S3 driver and reports itself up, or down without the bucket', async () => {
    const s3 = await startTestS3('health-bucket');
    try {
      const env = (bucket: string) => ({
        DATA_DIR: tmpdir(),
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3.settings.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
      const storage = new StorageService(configOf(loadConfig(env('health-bucket')), storageConfig));
      expect(storage.driver).toBe('s3');
      await expect(storage.check()).resolves.toEqual({ status: 'up', driver: 's3' });
      const missing = new StorageService(configOf(loadConfig(env('no-such-bucket')), storageConfig));
      await expect(missing.check()).resolves.toMatchObject({ status: 'down', driver: 's3' });
    } finally {
      await s3.close();
    }
  });
});
