// File objects on either storage the api uses (local disk under DATA_DIR/files, or an S3 bucket), through the api's
// own drivers (libs/server/storage): same key rules, same client settings. Adds what the drivers do not need: a
// listing of every key, and the S3 content type of each object.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { serverModules } from './settings.mjs';

/** The storage of a storage section (see libs/server/storage/src/storage.config.ts). */
export async function openStorage(storage) {
  const m = await serverModules();
  if (storage.driver === 'local') {
    const driver = new m.LocalDiskDriver(storage.dir);
    return {
      kind: 'local',
      label: `local disk ${driver.root}`,
      driver,
      keys: () => localKeys(driver.root),
      any: async () => (await localKeys(driver.root)).length > 0,
      open: async (key) => ({ body: await driver.get(key) }),
      // Nothing to release: the driver holds no connection.
      close: () => undefined,
    };
  }
  const { driver: _driver, ...settings } = storage;
  const driver = new m.S3Driver(settings);
  const { ListObjectsV2Command, GetObjectCommand } = m.s3;
  return {
    kind: 's3',
    label: `bucket ${storage.bucket}${storage.endpoint ? ` at ${storage.endpoint}` : ''}`,
    driver,
    async keys() {
      const keys = [];
      let token;
      do {
        const page = await driver.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async any() {
      // One page, at most 1000 keys (s3rver fails on a truncated listing with a smaller MaxKeys).
      const page = await driver.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
      return (page.Contents ?? []).length > 0;
    },
    async open(key) {
      try {
        const out = await driver.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: m.checkKey(key) }));
        return { body: out.Body, contentType: out.ContentType };
      } catch (err) {
        throw err?.name === 'NoSuchKey' ? new m.ObjectMissing(key) : err;
      }
    },
    close: () => driver.client.destroy(),
  };
}

/** Every file under root as a slash-separated key, sorted; the drivers' hidden temp files (.name.part) left out. */
async function localKeys(root) {
  const keys = [];
  const walk = async (dir, prefix) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) keys.push(`${prefix}${entry.name}`);
    }
  };
  await walk(root, '');
  return keys.sort();
}

/** Size and hex SHA-256 of a stream's bytes. */
export async function digest(stream) {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done();
      },
    }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** Runs fn on every item, `width` at a time; resolves with the results in order. */
export async function eachLimited(items, width, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
