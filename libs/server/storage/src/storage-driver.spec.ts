import { createHash, randomBytes } from 'crypto';
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Readable } from 'stream';
import { contentDisposition } from './content-disposition';
import { LocalDiskDriver } from './local-disk.driver';
import { S3Driver } from './s3.driver';
import { ObjectMissing, TooLarge, type StorageDriver } from './storage-driver';
import { startTestS3, type TestS3 } from './testing/test-s3';

const MB = 1024 * 1024;

interface Harness {
  driver: StorageDriver;
  /** Everything stored: objects or files (temp files included), and unfinished multipart uploads. */
  contents(): Promise<string[]>;
  /** S3 only: the requests the server saw since the last call. */
  s3Requests(): string[];
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-local-'));
  return {
    driver: new LocalDiskDriver(dir),
    contents: async () =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1)),
    s3Requests: () => [],
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const s3: TestS3 = await startTestS3();
  const driver = new S3Driver(s3.settings, { partSize: 5 * MB, queueSize: 2 });
  return {
    driver,
    contents: async () => {
      const { objects, uploads } = await s3.contents();
      return [...objects, ...uploads.map((id) => `upload:${id}`)];
    },
    s3Requests: () => s3.requests.splice(0),
    close: async () => {
      driver.client.destroy();
      await s3.close();
    },
  };
}

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

/** `total` random bytes in 64 KB chunks, hashed as they are made; optionally failing after `failAfter` bytes. */
function generated(total: number, failAfter = Infinity): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let sent = 0; sent < total; ) {
      if (sent >= failAfter) throw new Error('source broke');
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), sha256: () => hash.digest('hex') };
}

const hashes = (bytes: string | Buffer) => ({
  size: Buffer.byteLength(bytes),
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sha512: createHash('sha512').update(bytes).digest('base64'),
});

describe.each([
  ['local disk', localHarness],
  ['S3 (s3rver)', s3Harness],
])('StorageDriver: %s', (_name, start) => {
  let h: Harness;
  let storage: StorageDriver;

  beforeAll(async () => {
    h = await start();
    storage = h.driver;
  });
  afterAll(() => h?.close());

  it('stores, reports size and checksums of the bytes, and reads whole and by range', async () => {
    const put = await storage.put('files/a.txt', Readable.from(['hello ', 'world']), { contentType: 'text/plain' });
    expect(put).toMatchObject(hashes('hello world'));
    expect(put.etag).toMatch(/^".+"$/);
    await expect(text(await storage.get('files/a.txt'))).resolves.toBe('hello world');
    await expect(text(await storage.get('files/a.txt', { start: 6, end: 10 }))).resolves.toBe('world');
    // (s3rver reads bytes=0-0 as the whole object, S3 does not)
    await expect(text(await storage.get('files/a.txt', { start: 1, end: 1 }))).resolves.toBe('e');
  });

  it('stores an empty file', async () => {
    await expect(storage.put('files/empty', Readable.from([]))).resolves.toMatchObject(hashes(''));
    await expect(text(await storage.get('files/empty'))).resolves.toBe('');
    await storage.delete('files/empty');
  });

  it('stats with an etag that changes when the object is replaced', async () => {
    const put = await storage.put('files/s.bin', Readable.from([Buffer.from('one')]));
    const first = await storage.stat('files/s.bin');
    expect(first).toEqual({ size: 3, etag: put.etag, modified: expect.any(Date) });
    expect(Math.abs(first.modified.getTime() - Date.now())).toBeLessThan(60_000);
    await storage.put('files/s.bin', Readable.from([Buffer.from('other')]));
    const second = await storage.stat('files/s.bin');
    expect(second.size).toBe(5);
    expect(second.etag).not.toBe(first.etag);
    await storage.delete('files/s.bin');
  });

  it('deletes, after which the object is missing', async () => {
    await storage.put('files/d.txt', Readable.from(['x']));
    await expect(storage.exists('files/d.txt')).resolves.toBe(true);
    await storage.delete('files/d.txt');
    await expect(storage.exists('files/d.txt')).resolves.toBe(false);
    await expect(storage.stat('files/d.txt')).rejects.toBeInstanceOf(ObjectMissing);
    await expect(storage.get('files/d.txt')).rejects.toBeInstanceOf(ObjectMissing);
    await expect(storage.delete('files/d.txt')).resolves.toBeUndefined();
  });

  it('refuses keys that escape or are not ours', async () => {
    for (const key of ['../escape.txt', '/abs', 'a//b', 'a/./b', '.hidden', 'a\\b', 'sp ace', '']) {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('Invalid storage key');
    }
  });

  it('rejects a put over maxBytes with TooLarge and keeps nothing of it (an older object stays)', async () => {
    await storage.put('files/big', Readable.from(['old']));
    const before = await h.contents();
    const small = storage.put('files/big', Readable.from(['0123456789', 'abc']), { maxBytes: 12 });
    await expect(small).rejects.toBeInstanceOf(TooLarge);
    await expect(small).rejects.toMatchObject({ limit: 12, message: 'The file is larger than the limit of 12 bytes' });
    h.s3Requests();
    const source = generated(12 * MB).stream;
    const large = storage.put('files/big', source, { maxBytes: 6 * MB });
    await expect(large).rejects.toMatchObject({ name: 'TooLarge', limit: 6 * MB, message: 'The file is larger than the limit of 6 MB' });
    expect(source.destroyed).toBe(true);
    if (storage.name === 's3') expect(h.s3Requests()).toEqual(['POST uploads', 'PUT partNumber', 'DELETE uploadId']);
    expect(await h.contents()).toEqual(before);
    await expect(text(await storage.get('files/big'))).resolves.toBe('old');
    await storage.delete('files/big');
  });

  it('keeps nothing when the source stream fails halfway', async () => {
    const before = await h.contents();
    h.s3Requests();
    await expect(storage.put('files/broken', generated(256 * 1024, 100 * 1024).stream)).rejects.toThrow('source broke');
    expect(h.s3Requests()).toEqual([]);
    // past the first multipart part on S3
    h.s3Requests();
    await expect(storage.put('files/broken', generated(12 * MB, 7 * MB).stream)).rejects.toThrow('source broke');
    if (storage.name === 's3') expect(h.s3Requests()).toEqual(['POST uploads', 'PUT partNumber', 'DELETE uploadId']);
    expect(await h.contents()).toEqual(before);
    await expect(storage.exists('files/broken')).resolves.toBe(false);
  });

  it('streams 12 MB in (multipart on S3) with checksums and reads it back', async () => {
    const source = generated(12 * MB);
    h.s3Requests();
    const put = await storage.put('files/large.bin', source.stream, { maxBytes: 100 * MB });
    if (storage.name === 's3') {
      expect(h.s3Requests().sort()).toEqual(['POST uploadId', 'POST uploads', 'PUT partNumber', 'PUT partNumber', 'PUT partNumber']);
    }
    const sha256 = source.sha256();
    expect(put).toMatchObject({ size: 12 * MB, sha256 });
    await expect(sha256Of(await storage.get('files/large.bin'))).resolves.toBe(sha256);
    const tail = await storage.get('files/large.bin', { start: 12 * MB - 10, end: 12 * MB - 1 });
    expect(Buffer.concat(await tail.toArray()).length).toBe(10);
    await expect(storage.stat('files/large.bin')).resolves.toMatchObject({ size: 12 * MB });
    await storage.delete('files/large.bin');
  }, 60_000);

  it('reports itself usable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('gives a download URL only where something else serves the bytes', async () => {
    await storage.put('files/report.pdf', Readable.from(['%PDF-']), { contentType: 'application/pdf' });
    const fileName = 'Отчёт "Q3".pdf';
    const url = await storage.downloadUrl('files/report.pdf', { fileName, expiresInSeconds: 60 });
    if (storage.name === 'local') {
      expect(url).toBeNull();
      return;
    }
    // the disposition is a signed query parameter (s3rver does not check SigV4 signatures; S3 does)
    const query = new URL(url as string).searchParams;
    expect(query.get('response-content-disposition')).toBe(contentDisposition(fileName));
    expect(query.get('X-Amz-Expires')).toBe('60');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(contentDisposition(fileName));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    await expect(res.text()).resolves.toBe('%PDF-');
  });
});
