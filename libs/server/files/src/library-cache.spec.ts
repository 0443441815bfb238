import { randomUUID } from 'crypto';
import { DataSource, type Repository } from 'typeorm';
import type { FileView } from '@solvr/contracts';
import { composeMigrations } from '@solvr/server-core';
import { USERS_MIGRATIONS } from '@solvr/server-users';
import { FileDownload, FileRecord } from './file.entity';
import { LibraryCache } from './library-cache';
import { FILES_MIGRATIONS } from './migrations';

/** The library's data cache against the table as shipped: what each kind of write makes it read again. */
describe('LibraryCache', () => {
  let db: DataSource;
  let files: Repository<FileRecord>;
  let cache: LibraryCache;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeEach(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [FileRecord, FileDownload], migrations: composeMigrations(USERS_MIGRATIONS, FILES_MIGRATIONS) });
    await db.initialize();
    await db.runMigrations();
    files = db.getRepository(FileRecord);
    cache = new LibraryCache(files, db);
  });

  afterEach(() => db.destroy());

  /** A file written as another replica would: straight into the table. */
  const added = async (name: string, extra: Partial<FileRecord> = {}) => {
    const at = new Date((clock += 1000));
    const id = randomUUID();
    await files.insert({
      id,
      name,
      description: '',
      version: '1.0',
      fileName: `${name}.zip`,
      fileType: 'ZIP',
      fileSize: 10,
      storageKey: `files/${id}`,
      sha256: 'a'.repeat(64),
      sha512: 'b',
      accessType: 'all_users',
      allowedUsers: [],
      isActive: true,
      isPaid: false,
      price: 0,
      currency: 'USD',
      downloadCount: 0,
      createdBy: null,
      createdDate: at,
      updatedDate: at,
      ...extra,
    });
    return id;
  };
  const listed = async () => {
    const entries = await cache.all();
    return JSON.parse(cache.body(entries, entries.map(() => 'download')).toString()) as FileView[];
  };

  it('keeps the entries while the table is unchanged: the same list, the same body', async () => {
    await added('First');
    await added('Second');
    const entries = await cache.all();
    expect(entries.map((e) => e.name)).toEqual(['Second', 'First']);
    expect(await cache.all()).toBe(entries);
    const all = entries.map(() => 'download' as const);
    expect(cache.body(entries, all)).toBe(cache.body(entries, all));
  });

  it('reads the table again after a row is added, edited, switched off or removed by anyone', async () => {
    const first = await added('First');
    expect((await listed()).map((f) => f.name)).toEqual(['First']);
    const second = await added('Second');
    expect((await listed()).map((f) => f.name)).toEqual(['Second', 'First']);
    await files.update(first, { name: 'Renamed', updatedDate: new Date((clock += 1000)) });
    expect((await listed()).map((f) => f.name)).toEqual(['Second', 'Renamed']);
    // Switched off with no newer updated_date: the active count differs.
    await db.query('UPDATE files SET is_active = 0 WHERE id = ?', [second]);
    expect((await cache.all()).find((e) => e.id === second)?.facts.is_active).toBe(false);
    await files.delete(first);
    expect((await listed()).map((f) => f.name)).toEqual(['Second']);
  });

  it('after downloads reads only the counts, and makes again only the changed files\' JSON', async () => {
    const one = await added('One');
    const two = await added('Two');
    const before = await cache.all();
    // Counted by another replica: every count is read again.
    await db.query('UPDATE files SET download_count = download_count + 3 WHERE id = ?', [one]);
    const after = await cache.all();
    expect(after).not.toBe(before);
    expect(after.find((e) => e.id === one)?.downloadCount).toBe(3);
    expect(after.find((e) => e.id === two)).toBe(before.find((e) => e.id === two));
    // Counted here (FilesService says so): those rows alone, checked against the stamp.
    await db.query('UPDATE files SET download_count = download_count + 1 WHERE id = ?', [two]);
    cache.counted(two);
    const counted = await cache.all();
    expect(counted.map((e) => [e.name, e.downloadCount])).toEqual([
      ['Two', 1],
      ['One', 3],
    ]);
    expect(JSON.parse(counted.find((e) => e.id === two)?.json.download.toString() ?? '{}')).toMatchObject({ download_count: 1 });
  });

  it('sees a download counted elsewhere between two counted here', async () => {
    const here = await added('Here');
    const elsewhere = await added('Elsewhere');
    await cache.all();
    await db.query('UPDATE files SET download_count = download_count + 1 WHERE id = ?', [here]);
    cache.counted(here);
    await db.query('UPDATE files SET download_count = download_count + 1 WHERE id = ?', [elsewhere]);
    expect((await cache.all()).map((e) => [e.name, e.downloadCount])).toEqual([
      ['Elsewhere', 1],
      ['Here', 1],
    ]);
  });

  it('builds one body per availability list: hidden files left out, a buyer\'s list not shared with another', async () => {
    await added('Free');
    await added('Paid', { isPaid: true, price: 500 });
    const entries = await cache.all();
    const buyer = cache.body(entries, ['download', 'download']);
    const other = cache.body(entries, ['buy', 'download']);
    const hidden = cache.body(entries, ['hidden', 'download']);
    expect(other).not.toBe(buyer);
    expect((JSON.parse(buyer.toString()) as FileView[]).map((f) => f.name)).toEqual(['Paid', 'Free']);
    expect((JSON.parse(hidden.toString()) as FileView[]).map((f) => f.name)).toEqual(['Free']);
    expect(cache.body(entries, ['hidden', 'hidden']).toString()).toBe('[]');
  });
});
