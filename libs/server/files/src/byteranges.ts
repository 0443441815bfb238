import { randomBytes } from 'crypto';
import { Readable } from 'stream';
import { contentRange, type ByteRange } from '@solvr/server-storage';

export interface Byteranges {
  /** The Content-Type of the answer, with its boundary. */
  contentType: string;
  /** Bytes of the whole body, known before the first part is read. */
  length: number;
  body: Readable;
}

/**
 * A 206 multipart/byteranges body (RFC 9110, section 14.6): each part with its Content-Type and Content-Range, in the
 * order asked, read from storage one part at a time as the client takes them.
 */
export function byteranges(ranges: ByteRange[], size: number, partType: string, read: (range: ByteRange) => Promise<Readable>): Byteranges {
  const boundary = randomBytes(12).toString('hex');
  // The first part starts the body without a CRLF before its boundary; every later boundary follows the data's CRLF.
  const heads = ranges.map((r, i) => Buffer.from(`${i ? '\r\n' : ''}--${boundary}\r\nContent-Type: ${partType}\r\nContent-Range: ${contentRange(size, r)}\r\n\r\n`));
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = heads.reduce((sum, head, i) => sum + head.length + ranges[i].end - ranges[i].start + 1, tail.length);
  async function* parts() {
    for (const [i, range] of ranges.entries()) {
      yield heads[i];
      yield* await read(range);
    }
    yield tail;
  }
  return { contentType: `multipart/byteranges; boundary=${boundary}`, length, body: Readable.from(parts(), { objectMode: false }) };
}
