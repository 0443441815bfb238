import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `${name}.zip` of `bytes` random bytes, in a folder of its own for the upload tests; remove() deletes it. */
export function zipToUpload(name: string, bytes: number): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-upload-'));
  const path = join(dir, `${name}.zip`);
  writeFileSync(path, randomBytes(bytes));
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
