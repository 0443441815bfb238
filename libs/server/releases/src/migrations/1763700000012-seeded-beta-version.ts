import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEEDED_RELEASES, seededDigests } from '../seeded-releases';

const BETA = SEEDED_RELEASES[1];
/** The seeded beta as Releases1763700000011 first wrote it: version '0.99', which electron-updater refuses. */
const LEGACY_SEEDED_BETA = { version: '0.99', storageKey: 'releases/seed-beta-0.99.zip' } as const;

/**
 * Sites started before the seeded beta's version was semantic: its row becomes the seed as it is now (version
 * 0.99.0, and the placeholder bytes that name it under their own key, written at the next start, with their size
 * and checksums). Only that row as it was seeded: an admin's own files and changes are left as they are.
 */
export class SeededBetaVersion1763700000012 implements MigrationInterface {
  name = 'SeededBetaVersion1763700000012';

  async up(q: QueryRunner): Promise<void> {
    const bytes = seededDigests(BETA);
    await q.query('UPDATE files SET version = ?, storage_key = ?, file_size = ?, sha256 = ?, sha512 = ? WHERE id = ? AND version = ? AND storage_key = ?', [
      BETA.version,
      BETA.storageKey,
      bytes.size,
      bytes.sha256,
      bytes.sha512,
      BETA.id,
      LEGACY_SEEDED_BETA.version,
      LEGACY_SEEDED_BETA.storageKey,
    ]);
  }

  async down(): Promise<void> {
    // Nothing to undo: the old version was never one the update feed could publish.
  }
}
