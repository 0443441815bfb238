import { Injectable } from '@nestjs/common';
import { Readable } from 'stream';
import { ComponentHealth } from '@solvr/contracts';
import { ChecksHealth, HealthIndicator, InjectConfig, withTimeout } from '@solvr/server-core';
import { LocalDiskDriver } from './local-disk.driver';
import { S3Driver } from './s3.driver';
import { storageConfig, type StorageConfig } from './storage.config';
import type { ByteRange, DownloadUrlOptions, ObjectStat, PutOptions, PutResult, StorageDriver } from './storage-driver';

export function createStorageDriver(settings: StorageConfig): StorageDriver {
  if (settings.driver === 'local') return new LocalDiskDriver(settings.dir);
  const { driver: _driver, ...s3 } = settings;
  return new S3Driver(s3);
}

/** Files on local disk (embedded) or in an S3-compatible bucket; keys are ours, never user paths. */
@Injectable()
@HealthIndicator('storage')
export class StorageService implements ChecksHealth {
  readonly storage: StorageDriver;

  constructor(@InjectConfig(storageConfig) settings: StorageConfig) {
    this.storage = createStorageDriver(settings);
  }

  get driver(): 'local' | 's3' {
    return this.storage.name;
  }

  /** Streams the body to storage without holding it in memory. A string third argument is the content type. */
  put(key: string, body: Readable, options: PutOptions | string = {}): Promise<PutResult> {
    return this.storage.put(key, body, typeof options === 'string' ? { contentType: options } : options);
  }

  stat(key: string): Promise<ObjectStat> {
    return this.storage.stat(key);
  }

  get(key: string, range?: ByteRange): Promise<Readable> {
    return this.storage.get(key, range);
  }

  /** A small object's bytes as UTF-8 text; throws when it is larger than maxBytes. */
  async text(key: string, maxBytes: number): Promise<string> {
    if ((await this.stat(key)).size > maxBytes) throw new Error(`${key} is larger than ${maxBytes} bytes`);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.storage.exists(key);
  }

  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string | null> {
    return this.storage.downloadUrl(key, options);
  }

  async check(): Promise<ComponentHealth> {
    const driver = this.driver;
    try {
      await withTimeout(this.storage.check(), 3000, driver === 's3' ? 'S3 did not answer' : 'The storage folder did not answer');
      return { status: 'up', driver };
    } catch (err) {
      return { status: 'down', driver, error: (err as Error).message || (err as Error).name };
    }
  }
}
