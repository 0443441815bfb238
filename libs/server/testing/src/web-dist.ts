import { mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { brotliCompressSync, gzipSync } from 'zlib';

export const HASHED_CHUNK = 'main.0123456789abcdef.js';
export const CHUNK_TEXT = `console.log(${JSON.stringify('solvr '.repeat(400))});`;

/** A stand-in for the built frontends: the shell (one hashed chunk with its .br/.gz twins and a map) and the remotes. */
export function fakeWebDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'solvr-web-'));
  mkdirSync(join(dist, 'shell'));
  writeFileSync(join(dist, 'shell', 'index.html'), '<!doctype html><title>Solvr</title><div id="root"></div>');
  writeFileSync(join(dist, 'shell', HASHED_CHUNK), CHUNK_TEXT);
  writeFileSync(join(dist, 'shell', `${HASHED_CHUNK}.br`), brotliCompressSync(CHUNK_TEXT));
  writeFileSync(join(dist, 'shell', `${HASHED_CHUNK}.gz`), gzipSync(CHUNK_TEXT));
  writeFileSync(join(dist, 'shell', `${HASHED_CHUNK}.map`), '{}');
  for (const remote of ['marketing', 'portal', 'admin']) {
    mkdirSync(join(dist, remote));
    writeFileSync(join(dist, remote, 'remoteEntry.js'), 'var x = 1;');
  }
  return dist;
}
