import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { digestsOf, placeholderArchive } from './placeholder-archive';
import { SEEDED_RELEASES, seededBytes } from './seeded-releases';

describe('placeholderArchive', () => {
  it('is a valid zip holding the text, read back by an independent reader (Python zipfile)', () => {
    const bytes = placeholderArchive('README.txt', 'Hello, installer.\r\n');
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      const file = join(dir, 'a.zip');
      writeFileSync(file, bytes);
      const read = execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(z.namelist()[0]); sys.stdout.write(z.read("README.txt").decode())', file]);
      expect(read.toString()).toBe('README.txt\nHello, installer.\r\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the same bytes in every time zone, so the seeding migration can record their size and checksums', () => {
    const inZone = (zone: string) =>
      execFileSync(process.execPath, ['-e', `process.stdout.write(require('fflate').zipSync({ a: [new Uint8Array(1), { level: 0, mtime: new Date(2025, 7, 5) }] }).join())`], { env: { ...process.env, TZ: zone } }).toString();
    expect(inZone('Pacific/Kiritimati')).toBe(inZone('America/Los_Angeles'));
    for (const seed of SEEDED_RELEASES) {
      expect(seededBytes(seed)).toEqual(seededBytes(seed));
      expect(digestsOf(seededBytes(seed)).size).toBe(seededBytes(seed).length);
    }
    expect(digestsOf(Buffer.from('abc')).sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
