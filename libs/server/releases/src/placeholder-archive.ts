import { createHash } from 'crypto';
import { strToU8, zipSync } from 'fflate';

/**
 * A valid .zip holding one uncompressed text file. A new site's seeded releases point at such an archive until an
 * admin uploads the real installer; its bytes are fixed by `text`, so a migration can record size and checksums.
 * The entry's time is 2025-08-05 00:00 as a zip writes it (local time, no zone), the same bytes in every time zone.
 */
export function placeholderArchive(entryName: string, text: string): Buffer {
  const zip = zipSync({ [entryName]: [strToU8(text), { level: 0, mtime: new Date(2025, 7, 5) }] });
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

export interface Digests {
  size: number;
  sha256: string;
  /** Base64, as electron-updater reads it. */
  sha512: string;
}

export const digestsOf = (bytes: Buffer): Digests => ({
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sha512: createHash('sha512').update(bytes).digest('base64'),
});
