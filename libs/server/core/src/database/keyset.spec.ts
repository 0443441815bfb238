import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor, keysetRows, newestFirstAfter } from './keyset';

@Entity('entries')
class Entry {
  @PrimaryColumn() id!: string;
  @Column({ name: 'created_date', type: 'datetime' }) createdDate!: Date;
}

describe('newest-first keyset pages (SQLite)', () => {
  const db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Entry] });
  beforeAll(async () => {
    await db.initialize();
    await db.query('CREATE TABLE entries (id varchar PRIMARY KEY, created_date datetime NOT NULL)');
    // Ties on the time (broken by id), and times stored with and without milliseconds, as different writers store them.
    const rows = [['a', '2026-12-01 10:00:00'], ['b', '2026-12-01 10:00:00'], ['c', '2026-12-01 10:00:00.500'], ['d', '2026-12-02 09:00:00.000'], ['e', '2026-11-30 23:59:59.999']];
    for (const [id, at] of rows) await db.query('INSERT INTO entries (id, created_date) VALUES (?, ?)', [id, at]);
  });
  afterAll(() => db.destroy());

  it('walks every row once, newest first, two at a time, through cursors that survive encoding', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const cursor: KeysetCursor | null = after ? decodeKeysetCursor(after) : null;
      const rows: Array<{ row: Entry; cursor: KeysetCursor }> = await keysetRows(newestFirstAfter(db.getRepository(Entry).createQueryBuilder('e'), 'e', cursor).limit(3));
      seen.push(...rows.slice(0, 2).map((r) => r.row.id));
      after = rows.length > 2 ? encodeKeysetCursor(rows[1].cursor) : null;
    } while (after);
    expect(seen).toEqual(['d', 'c', 'b', 'a', 'e']);
  });

  it('refuses a cursor that is not one', () => {
    expect(() => decodeKeysetCursor('garbage')).toThrow('The page cursor is not valid. Reload the list.');
  });
});
