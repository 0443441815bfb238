import { createHash } from 'crypto';
import { crc32 } from 'zlib';

/** 2025-08-05 00:00 in MS-DOS date/time, so the same text always gives the same bytes (and checksums). */
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (8 << 5) | 5;

/**
 * A valid .zip holding one uncompressed text file. A new site's seeded releases point at such an archive until an
 * admin uploads the real installer; its bytes are fixed by `text`, so a migration can record size and checksums.
 */
export function placeholderArchive(entryName: string, text: string): Buffer {
  const name = Buffer.from(entryName, 'utf8');
  const data = Buffer.from(text, 'utf8');
  const crc = crc32(data);

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed: 1.0
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(DOS_TIME, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by
  central.writeUInt16LE(10, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(DOS_TIME, 12);
  central.writeUInt16LE(DOS_DATE, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  // extra, comment, disk, internal and external attributes: 0; local header at offset 0
  central.writeUInt32LE(0, 42);

  const localSize = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(localSize, 16);

  return Buffer.concat([local, name, data, central, name, end]);
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
