import { ServiceUnavailableException } from '@nestjs/common';
import { createHash, type Hash } from 'crypto';
import { Readable, Transform, type TransformCallback } from 'stream';
import { FILE_TEXTS } from '@solvr/contracts';

export interface PutOptions {
  contentType?: string;
  /** Largest accepted size in bytes; past it the put fails with TooLarge and stores nothing. */
  maxBytes?: number;
}

export interface PutResult {
  size: number;
  /** Hex SHA-256 of the bytes, shown to users. */
  sha256: string;
  /** Base64 SHA-512 of the bytes, as electron-updater feeds want it. */
  sha512: string;
  etag: string;
}

export interface ObjectStat {
  size: number;
  /** Quoted, ready for an ETag header. */
  etag: string;
  modified: Date;
}

/** Inclusive byte offsets, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface DownloadUrlOptions {
  fileName: string;
  expiresInSeconds: number;
}

/** Where file bytes live. Keys are ours (see checkKey), never user paths. */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Streams the body in while measuring it; on any failure nothing is left under the key (an older object stays). */
  put(key: string, body: Readable, options?: PutOptions): Promise<PutResult>;
  /** Throws ObjectMissing when there is no such object. */
  stat(key: string): Promise<ObjectStat>;
  /** Throws ObjectMissing when there is no such object; the range must be satisfiable (see rangesOf). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A URL the client downloads from directly, or null when the api must serve the bytes itself. */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string | null>;
  /** Resolves when the storage is usable, throws otherwise. */
  check(): Promise<void>;
}

/** The upload passed its size limit; the controller answers 413. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than the limit of ${formatBytes(limit)}`);
    this.name = 'TooLarge';
  }
}

/** The object store could not be reached, or failed on its side: a 503 the client may retry, never a 500. */
export class StorageUnavailable extends ServiceUnavailableException {
  constructor(cause: unknown) {
    super(FILE_TEXTS.storageUnavailable, { cause });
  }
}

export class ObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
    this.name = 'ObjectMissing';
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : +value.toFixed(1)} ${units[unit]}`;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are slash-separated segments of letters, digits, '.', '_' and '-' that do not start with a dot. */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Passes bytes through while counting and hashing them; fails with TooLarge past maxBytes. */
export class Meter extends Transform {
  bytes = 0;
  private readonly hash256: Hash = createHash('sha256');
  private readonly hash512: Hash = createHash('sha512');
  private digests?: { sha256: string; sha512: string };

  constructor(private readonly maxBytes = Infinity) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new TooLarge(this.maxBytes));
    this.hash256.update(chunk);
    this.hash512.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.digests = { sha256: this.hash256.digest('hex'), sha512: this.hash512.digest('base64') };
    done();
  }

  /** Size and digests, once all the bytes went through. */
  result(etag: string): PutResult {
    if (!this.digests) throw new Error('The stream did not end');
    return { size: this.bytes, ...this.digests, etag };
  }
}
