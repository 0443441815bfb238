import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Readable } from 'stream';
import { configOf, loadConfig } from '@solvr/server-core';
import { storageConfig } from './storage.config';
import { StorageService } from './storage.service';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('StorageService (local disk)', () => {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'solvr-storage-')) });
  const storage = new StorageService(configOf(config, storageConfig));

  it('stores, reads whole and by range, and deletes', async () => {
    await expect(storage.put('files/a.txt', Readable.from(['hello ', 'world']))).resolves.toBe(11);
    await expect(text(await storage.get('files/a.txt'))).resolves.toBe('hello world');
    await expect(text(await storage.get('files/a.txt', { start: 6, end: 10 }))).resolves.toBe('world');
    await storage.delete('files/a.txt');
    await expect(storage.get('files/a.txt').then(text)).rejects.toThrow(/ENOENT/);
  });

  it('refuses keys that escape the storage folder', async () => {
    await expect(storage.put('../escape.txt', Readable.from(['x']))).rejects.toThrow('Invalid storage key');
  });

  it('reports itself up', async () => {
    await expect(storage.check()).resolves.toEqual({ status: 'up', driver: 'local' });
  });
});
