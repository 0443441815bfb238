import { Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'stream';
import { FILE_TEXTS } from '@solvr/contracts';
import { InjectConfig } from '@solvr/server-core';
import { Metrics } from '@solvr/server-observability';
import { contentDisposition, contentRange, ObjectMissing, rangesOf, StorageService, UNSATISFIABLE, type ByteRange, type ObjectStat } from '@solvr/server-storage';
import { byteranges } from './byteranges';
import { filesConfig, type FilesConfig } from './files.config';

/** Whether an If-None-Match header names this ETag (or '*'). */
function matchesAny(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  return ([] as string[]).concat(header).join(',').split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A header given once; a repeated one counts as absent. */
const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value);

/** If-Range: the range counts only while the file is the one the client started with (strong ETag or exact date). */
function rangeStillValid(ifRange: string | undefined, stat: ObjectStat): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === stat.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(stat.modified.getTime() / 1000);
}

/** A GET that starts a download (no Range, or one from byte 0), not a resumed or parallel piece of one. */
const startsDownload = (req: FastifyRequest) => req.method === 'GET' && !/^\s*bytes\s*=\s*[1-9-]/i.test(single(req.headers.range) ?? '');

export interface StoredFile {
  key: string;
  /** The name the browser saves it under. */
  fileName: string;
  /** Called once when this request starts a download (not for a resumed range, HEAD or 304). */
  onStart?: () => Promise<void>;
}

/**
 * Answers a stored file. With S3 the client is sent to a presigned URL and with DOWNLOAD_ACCEL_PREFIX nginx serves
 * the bytes (X-Accel-Redirect), so Node never carries them; otherwise it streams from disk with Range (206/416),
 * ETag and a safe attachment name.
 */
@Injectable()
export class StoredFileResponder {
  constructor(
    private readonly storage: StorageService,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
    private readonly metrics: Metrics,
  ) {}

  async send(req: FastifyRequest, reply: FastifyReply, file: StoredFile): Promise<void> {
    reply.header('Cache-Control', 'private, no-store');
    const start = async () => {
      if (file.onStart && startsDownload(req)) await file.onStart();
    };

    if (this.storage.driver === 's3') {
      const url = await this.storage.downloadUrl(file.key, { fileName: file.fileName, expiresInSeconds: this.settings.linkTtlSeconds });
      if (url) {
        await start();
        this.metrics.downloadHandoffs.inc({ via: 's3' });
        return void reply.redirect(url, 302);
      }
    }
    const disposition = contentDisposition(file.fileName);
    if (this.settings.accelPrefix) {
      await start();
      this.metrics.downloadHandoffs.inc({ via: 'accel' });
      // nginx answers from its internal location, with Range and its own ETag; it keeps our Content-Disposition.
      return void reply
        .header('X-Accel-Redirect', this.settings.accelPrefix + file.key)
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', disposition)
        .status(200)
        .send();
    }

    const stat = await this.storage.stat(file.key).catch((err: unknown) => {
      throw err instanceof ObjectMissing ? new NotFoundException(FILE_TEXTS.fileMissing) : err;
    });
    reply.header('Accept-Ranges', 'bytes').header('ETag', stat.etag).header('Last-Modified', stat.modified.toUTCString());
    if (matchesAny(req.headers['if-none-match'], stat.etag)) return void reply.status(304).send();

    const ranges = rangeStillValid(single(req.headers['if-range']), stat) ? rangesOf(req.headers.range, stat.size) : null;
    if (ranges === UNSATISFIABLE) return void reply.status(416).header('Content-Range', contentRange(stat.size)).send();
    const read = (range?: ByteRange) =>
      this.storage.get(file.key, range).catch((err: unknown) => {
        throw err instanceof ObjectMissing ? new NotFoundException(FILE_TEXTS.fileMissing) : err;
      });

    reply.header('Content-Disposition', disposition);
    if (ranges && ranges.length > 1) {
      // Several ranges at once: how electron-updater fetches the changed blocks of a differential update.
      const multipart = byteranges(ranges, stat.size, 'application/octet-stream', read);
      reply.status(206).header('Content-Type', multipart.contentType).header('Content-Length', String(multipart.length));
      if (req.method === 'HEAD') return void reply.send(Readable.from([]));
      if (ranges[0].start === 0) await start();
      this.metrics.countDownload(reply.raw, multipart.length, multipart.body);
      return void reply.send(multipart.body);
    }
    const range = ranges?.[0];
    reply.header('Content-Type', 'application/octet-stream');
    if (range) reply.status(206).header('Content-Range', contentRange(stat.size, range));
    else reply.status(200);
    const length = range ? range.end - range.start + 1 : stat.size;
    reply.header('Content-Length', String(length));
    // Fastify's HEAD route keeps our Content-Length only for a stream payload: an empty one, not the file.
    if (req.method === 'HEAD') return void reply.send(Readable.from([]));
    const body = await read(range);
    if (!range || range.start === 0) await start();
    this.metrics.countDownload(reply.raw, length, body);
    return void reply.send(body);
  }
}
