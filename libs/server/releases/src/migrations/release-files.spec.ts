import { DataSource } from 'typeorm';
import { composeMigrations } from '@solvr/server-core';
import { FILES_MIGRATIONS } from '@solvr/server-files';
import { USERS_MIGRATIONS } from '@solvr/server-users';
import { SEEDED_RELEASES } from '../seeded-releases';
import { RELEASES_MIGRATIONS } from './index';
import { ReleaseFiles1763700000400 } from './1763700000400-release-files';

const BEFORE = composeMigrations(USERS_MIGRATIONS, FILES_MIGRATIONS, RELEASES_MIGRATIONS.slice(0, RELEASES_MIGRATIONS.indexOf(ReleaseFiles1763700000400)));

/** A files row as the library kept a release file before it moved (or any other file). */
const fileRow = (id: string, over: Record<string, unknown>) => ({
  id, name: id, description: '', version: '', file_name: `${id}.pdf`, file_type: 'application/octet-stream', file_size: 10, storage_key: `files/${id}`,
  sha256: 'a'.repeat(64), sha512: 'b', access_type: 'all_users', allowed_users: '[]', is_active: 1, is_paid: 0, price: 0, currency: 'USD',
  download_count: 3, created_by: null, created_date: '2026-11-20 10:00:00.000', updated_date: '2026-11-20 10:00:00.000',
  release_channel: null, platform: null, release_notes: null, arch: null, ...over,
});

describe('ReleaseFiles1763700000400: releases move out of the library', () => {
  let db: DataSource;

  beforeEach(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations: BEFORE });
    await db.initialize();
    await db.runMigrations();
    const rows = [
      fileRow('win', { version: '1.2.0', file_name: 'Solvr-Setup-1.2.0.exe', release_channel: 'stable', platform: 'windows', arch: 'x64', release_notes: 'Notes', download_count: 7 }),
      fileRow('map', { version: '1.2.0', file_name: 'Solvr-Setup-1.2.0.exe.blockmap', release_channel: 'stable', platform: 'windows', arch: null }),
      // Uploaded in the console with no versions row (the feeds treated it as published).
      fileRow('mac', { version: '1.1.0', file_name: 'Solvr-1.1.0-arm64.dmg', release_channel: 'beta', platform: 'macos', release_notes: 'Mac notes' }),
      fileRow('off', { version: '1.0.0', file_name: 'Solvr-Setup-1.0.0.exe', release_channel: 'stable', platform: 'windows', is_active: 0 }),
      fileRow('guide', {}),
    ];
    for (const r of rows) await db.query(`INSERT INTO files (${Object.keys(r).join(', ')}) VALUES (${Object.keys(r).map(() => '?').join(', ')})`, Object.values(r));
    await db.query("INSERT INTO release_versions (id, channel, version, notes, state, rollout_percentage, rollout_paused, published_date, created_date, updated_date) VALUES ('v1', 'stable', '1.2.0', 'Notes', 'draft', 100, 0, NULL, '2026-11-20 10:00:00.000', '2026-11-20 10:00:00.000')");
  });
  afterEach(() => db.destroy());

  it('moves every active release file with its id, key, size and count; leaves other files and inactive ones in the library', async () => {
    const q = db.createQueryRunner();
    await new ReleaseFiles1763700000400().up(q);
    await q.release();
    const moved = await db.query("SELECT id, channel, version, platform, arch, file_name, storage_key, file_size, download_count FROM release_files WHERE storage_key LIKE 'files/%' ORDER BY id");
    expect(moved).toEqual([
      { id: 'mac', channel: 'beta', version: '1.1.0', platform: 'macos', arch: 'arm64', file_name: 'Solvr-1.1.0-arm64.dmg', storage_key: 'files/mac', file_size: 10, download_count: 3 },
      { id: 'map', channel: 'stable', version: '1.2.0', platform: 'windows', arch: 'x64', file_name: 'Solvr-Setup-1.2.0.exe.blockmap', storage_key: 'files/map', file_size: 10, download_count: 3 },
      { id: 'win', channel: 'stable', version: '1.2.0', platform: 'windows', arch: 'x64', file_name: 'Solvr-Setup-1.2.0.exe', storage_key: 'files/win', file_size: 10, download_count: 7 },
    ]);
    // The seeded placeholders move too, with their spec counts.
    const seeded = await db.query("SELECT id, download_count FROM release_files WHERE storage_key LIKE 'releases/seed-%' ORDER BY download_count");
    expect(seeded).toEqual(SEEDED_RELEASES.map((r) => ({ id: r.id, download_count: r.downloadCount })).sort((x, y) => x.download_count - y.download_count));
    expect(await db.query('SELECT id, release_channel, platform FROM files ORDER BY id')).toEqual([
      { id: 'guide', release_channel: null, platform: null },
      { id: 'off', release_channel: null, platform: null },
    ]);
    // A version keeps its row (and state); one without a row gets one, published, with the file's notes.
    const versions = await db.query("SELECT channel, version, state, notes FROM release_versions WHERE version IN ('1.1.0', '1.2.0') ORDER BY version");
    expect(versions).toEqual([
      { channel: 'beta', version: '1.1.0', state: 'published', notes: 'Mac notes' },
      { channel: 'stable', version: '1.2.0', state: 'draft', notes: 'Notes' },
    ]);
  });

  it('down puts them back in the library', async () => {
    const q = db.createQueryRunner();
    const migration = new ReleaseFiles1763700000400();
    await migration.up(q);
    await migration.down(q);
    await q.release();
    const back = await db.query("SELECT id, release_channel, platform, storage_key FROM files WHERE id IN ('win', 'mac') ORDER BY id");
    expect(back).toEqual([
      { id: 'mac', release_channel: 'beta', platform: 'macos', storage_key: 'files/mac' },
      { id: 'win', release_channel: 'stable', platform: 'windows', storage_key: 'files/win' },
    ]);
  });
});
