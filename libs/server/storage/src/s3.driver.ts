import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { contentDisposition } from './content-disposition';
import type { StorageConfig } from './storage.config';
import {
  checkKey,
  Meter,
  ObjectMissing,
  StorageUnavailable,
  type ByteRange,
  type DownloadUrlOptions,
  type ObjectStat,
  type PutOptions,
  type PutResult,
  type StorageDriver,
} from './storage-driver';

export type S3Settings = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

export interface S3Tuning {
  /** Bytes per multipart part (S3's minimum is 5 MB). */
  partSize?: number;
  /** Parts uploaded at once; memory is about (queueSize + 1) × partSize per upload. */
  queueSize?: number;
}

const WEEK = 7 * 24 * 3600;

/** Objects in an S3-compatible bucket; puts are multipart uploads with a bounded queue. */
export class S3Driver implements StorageDriver {
  readonly name = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(settings: S3Settings, tuning: S3Tuning = {}) {
    const s = settings;
    this.bucket = s.bucket;
    this.partSize = tuning.partSize ?? 8 * 1024 * 1024;
    this.queueSize = tuning.queueSize ?? 2;
    this.client = new S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
      // Other S3-compatible services often lack the SDK's default CRC checksums; we hash the bytes ourselves.
      ...(s.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<PutResult> {
    checkKey(key);
    const meter = new Meter(options.maxBytes);
    // A source error or TooLarge destroys the meter, which fails the upload; the upload then aborts its parts.
    pipeline(body, meter).catch(() => undefined);
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: meter, ContentType: options.contentType ?? 'application/octet-stream' },
        partSize: this.partSize,
        queueSize: this.queueSize,
        leavePartsOnError: false,
      });
      const done = await upload.done();
      return meter.result(done.ETag ?? '');
    } catch (err) {
      const cause = meter.errored ?? err;
      meter.destroy();
      throw cause;
    }
  }

  async stat(key: string): Promise<ObjectStat> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? '', modified: head.LastModified ?? new Date(0) };
    } catch (err) {
      throw missing(err, key);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    } catch (err) {
      throw missing(err, key);
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })).catch((err: unknown) => {
      throw unreachable(err) ? new StorageUnavailable(err) : err;
    });
  }

  async exists(key: string): Promise<boolean> {
    return this.stat(key).then(
      () => true,
      (err) => (err instanceof ObjectMissing ? false : Promise.reject(err)),
    );
  }

  /** A presigned GET that makes the browser save the file under fileName; valid at most a week (SigV4's limit). */
  async downloadUrl(key: string, { fileName, expiresInSeconds }: DownloadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key), ResponseContentDisposition: contentDisposition(fileName) });
    return getSignedUrl(this.client, command, { expiresIn: Math.min(Math.max(Math.floor(expiresInSeconds), 1), WEEK) });
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

const NETWORK = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b/;

/** No answer (refused, reset, timed out) or a 5xx from the store, as opposed to its refusal of this request. */
function unreachable(err: unknown): boolean {
  const e = err as Partial<S3ServiceException> & { code?: string };
  // The SDK's retry step re-wraps a socket error from another realm (a test sandbox) keeping only its message.
  const network = NETWORK.test(e.code ?? '') || NETWORK.test(e.message ?? '');
  return network || e.name === 'TimeoutError' || e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

function missing(err: unknown, key: string): unknown {
  const e = err as Partial<S3ServiceException>;
  if (e.name === 'NoSuchKey' || e.name === 'NotFound') return new ObjectMissing(key);
  return unreachable(err) ? new StorageUnavailable(err) : err;
}
