import { Injectable } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream, createWriteStream, constants } from 'fs';
import { access, mkdir, rm, stat } from 'fs/promises';
import { dirname, resolve, sep } from 'path';
import { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { ComponentHealth } from '@solvr/contracts';
import { ChecksHealth, HealthIndicator, InjectConfig, withTimeout } from '@solvr/server-core';
import { storageConfig, type StorageConfig } from './storage.config';

/** Files on local disk (embedded) or in an S3-compatible bucket; keys are ours, never user paths. */
@Injectable()
@HealthIndicator('storage')
export class StorageService implements ChecksHealth {
  private readonly s3?: S3Client;

  constructor(@InjectConfig(storageConfig) private readonly settings: StorageConfig) {
    const s = settings;
    if (s.driver === 's3') {
      this.s3 = new S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
      });
    }
  }

  get driver(): 'local' | 's3' {
    return this.settings.driver;
  }

  private localPath(key: string): string {
    const s = this.settings;
    if (s.driver !== 'local') throw new Error('not local storage');
    const root = resolve(s.dir);
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw new Error(`Invalid storage key ${key}`);
    return full;
  }

  /** Streams the body to storage without holding it in memory; resolves with the stored size. */
  async put(key: string, body: Readable, contentType = 'application/octet-stream'): Promise<number> {
    const s = this.settings;
    if (s.driver === 's3' && this.s3) {
      let size = 0;
      body.on('data', (chunk: Buffer) => (size += chunk.length));
      await new Upload({ client: this.s3, params: { Bucket: s.bucket, Key: key, Body: body, ContentType: contentType } }).done();
      return size;
    }
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    await pipeline(body, createWriteStream(path));
    return (await stat(path)).size;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const s = this.settings;
    if (s.driver === 's3' && this.s3) {
      const out = await this.s3.send(
        new GetObjectCommand({ Bucket: s.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    }
    return createReadStream(this.localPath(key), range);
  }

  async delete(key: string): Promise<void> {
    const s = this.settings;
    if (s.driver === 's3' && this.s3) await this.s3.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    else await rm(this.localPath(key), { force: true });
  }

  async check(): Promise<ComponentHealth> {
    const s = this.settings;
    try {
      if (s.driver === 's3' && this.s3) {
        await withTimeout(this.s3.send(new HeadBucketCommand({ Bucket: s.bucket })), 3000, 'S3 did not answer');
      } else if (s.driver === 'local') {
        await mkdir(s.dir, { recursive: true });
        await access(s.dir, constants.W_OK);
      }
      return { status: 'up', driver: s.driver };
    } catch (err) {
      return { status: 'down', driver: s.driver, error: (err as Error).message || (err as Error).name };
    }
  }
}
