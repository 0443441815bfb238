import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEEDED_RELEASES, seededDigests } from '../seeded-releases';

/** Where the seeded placeholders' bytes were kept while a hand-written zip writer made them. */
const EARLIER_KEYS: Record<string, string> = {
  [SEEDED_RELEASES[0].id]: 'releases/seed-stable-1.0.20.zip',
  [SEEDED_RELEASES[1].id]: 'releases/seed-beta-0.99.0.zip',
};

/**
 * The placeholder archives are written by fflate now, whose bytes differ from the earlier writer's (the same README
 * inside): a seeded row still on its earlier bytes moves to the new key with the new size and checksums, and the next
 * start writes those bytes there. A row an admin's upload retired or changed keeps what it has.
 */
export class SeededPlaceholderBytes1763700000600 implements MigrationInterface {
  name = 'SeededPlaceholderBytes1763700000600';

  async up(q: QueryRunner): Promise<void> {
    for (const seed of SEEDED_RELEASES) {
      const bytes = seededDigests(seed);
      await q.query('UPDATE release_files SET storage_key = ?, file_size = ?, sha256 = ?, sha512 = ? WHERE id = ? AND storage_key = ?', [
        seed.storageKey,
        bytes.size,
        bytes.sha256,
        bytes.sha512,
        seed.id,
        EARLIER_KEYS[seed.id],
      ]);
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: the earlier release writes its own bytes under its own key if they are missing.
  }
}
