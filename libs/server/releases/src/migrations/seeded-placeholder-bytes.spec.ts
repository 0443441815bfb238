import { DataSource } from 'typeorm';
import { composeMigrations } from '@solvr/server-core';
import { FILES_MIGRATIONS } from '@solvr/server-files';
import { USERS_MIGRATIONS } from '@solvr/server-users';
import { SEEDED_RELEASES, seededDigests } from '../seeded-releases';
import { SeededPlaceholderBytes1763700000600 } from './1763700000600-seeded-placeholder-bytes';
import { RELEASES_MIGRATIONS } from './index';

describe('SeededPlaceholderBytes1763700000600: the placeholders move to the bytes fflate writes', () => {
  let db: DataSource;
  const rows = () => db.query('SELECT id, storage_key, file_size, sha256, sha512 FROM release_files ORDER BY id');

  beforeEach(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations: composeMigrations(USERS_MIGRATIONS, FILES_MIGRATIONS, RELEASES_MIGRATIONS) });
    await db.initialize();
    await db.runMigrations();
  });
  afterEach(() => db.destroy());

  it('a new site records the new bytes at once; a site on the earlier bytes moves to them; a retired row keeps its own', async () => {
    const current = SEEDED_RELEASES.map((s) => ({ id: s.id, storage_key: s.storageKey, file_size: seededDigests(s).size, sha256: seededDigests(s).sha256, sha512: seededDigests(s).sha512 }));
    const byId = (list: typeof current) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(await rows()).toEqual(byId(current));

    // As an earlier release left them: the stable seed on its earlier key and bytes, the beta replaced by an upload.
    const [stable, beta] = SEEDED_RELEASES;
    await db.query("UPDATE release_files SET storage_key = 'releases/seed-stable-1.0.20.zip', file_size = 300, sha256 = 'old', sha512 = 'old' WHERE id = ?", [stable.id]);
    await db.query("UPDATE release_files SET storage_key = 'files/uploaded', file_size = 9, sha256 = 'mine', sha512 = 'mine' WHERE id = ?", [beta.id]);
    const q = db.createQueryRunner();
    await new SeededPlaceholderBytes1763700000600().up(q);
    await q.release();
    expect(await rows()).toEqual(byId([current[0], { id: beta.id, storage_key: 'files/uploaded', file_size: 9, sha256: 'mine', sha512: 'mine' }]));
  });
});
