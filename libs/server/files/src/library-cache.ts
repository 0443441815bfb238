import { DataSource, type Repository } from 'typeorm';
import type { FileAccessFacts, FileAvailability } from '@solvr/contracts';
import type { FileRecord } from './file.entity';
import { accessFacts, toFileView } from './file.views';

/** One active-or-not file as the library needs it: the rule's facts, the summary's figures, and its JSON ready. */
export interface LibraryEntry {
  facts: FileAccessFacts;
  id: string;
  name: string;
  downloadCount: number;
  createdMs: number;
  /** The FileView JSON (UTF-8) for each availability a caller can have. */
  json: Record<Exclude<FileAvailability, 'hidden'>, Buffer>;
  /** The row it was made from (a new download count makes the JSON again from it). */
  row: FileRecord;
}

/** What the files table looks like: `shape` changes with rows added, removed, edited or switched on or off. */
interface Stamp {
  shape: string;
  downloads: string;
}

/**
 * The library list at 10,000 files cost about 300 ms per request to read, map and serialise. This keeps every row's
 * facts and JSON and reads the table again only when it changed: one aggregate query per request compares a stamp
 * (row count, newest change, download total, active count), so a write by any api replica is seen by the next request of all.
 * A download changes only the total: then only the counts are read again (only the counted files' when this replica
 * counted every download since), and only the changed files' JSON is made again (a download no longer costs the next
 * reader a full reload). FilesService stays the only writer of the table and tells this which downloads it counted;
 * this only reads.
 */
const MAX_BODIES = 16;

export class LibraryCache {
  private stamp: Stamp = { shape: '', downloads: '' };
  private entries: LibraryEntry[] = [];
  /** Finished list bodies by what each file is for the caller: most callers see the same list, so they share one. */
  private bodies = new Map<string, Buffer>();
  private reloading: { key: string; done: Promise<LibraryEntry[]> } | null = null;
  /** Files this replica counted a download of since the entries were read. */
  private countedHere = new Set<string>();

  constructor(
    private readonly files: Repository<FileRecord>,
    private readonly dataSource: DataSource,
  ) {}

  /** Every file, newest first. */
  async all(): Promise<LibraryEntry[]> {
    const stamp = await this.readStamp();
    if (stamp.shape === this.stamp.shape && stamp.downloads === this.stamp.downloads) return this.entries;
    // Callers that see the same new stamp share one reload.
    const key = `${stamp.shape}|${stamp.downloads}`;
    if (this.reloading?.key !== key) {
      const done = stamp.shape === this.stamp.shape ? this.recount(stamp, this.entries) : this.reload(stamp);
      this.reloading = {
        key,
        done: done.finally(() => {
          if (this.reloading?.key === key) this.reloading = null;
        }),
      };
    }
    return this.reloading.done;
  }

  /**
   * The JSON array of the entries at hand (from all()), each as `availability` says ('hidden' leaves it out). Built
   * once per distinct answer until the table changes; at most MAX_BODIES are kept. The key is the caller's whole
   * availability list, computed per request from the rule with the caller's purchases: a buyer's Download (or a
   * refund's Buy) is a different key, never a body shared from before the purchases changed.
   */
  body(entries: LibraryEntry[], availability: FileAvailability[]): Buffer {
    const key = availability.map((a) => a[0]).join('');
    const known = entries === this.entries ? this.bodies.get(key) : undefined;
    if (known) return known;
    // Copied byte for byte into one buffer: joining 10,000 strings and encoding the 6 MB result took 40-90 ms.
    const parts: Buffer[] = [];
    let size = 2;
    entries.forEach((entry, i) => {
      const a = availability[i];
      if (a === 'hidden') return;
      parts.push(entry.json[a]);
      size += entry.json[a].length;
    });
    const body = Buffer.allocUnsafe(size + Math.max(parts.length - 1, 0));
    body[0] = 0x5b; // [
    let at = 1;
    parts.forEach((part, i) => {
      if (i) body[at++] = 0x2c; // ,
      at += part.copy(body, at);
    });
    body[at] = 0x5d; // ]
    if (entries === this.entries) {
      if (this.bodies.size >= MAX_BODIES) this.bodies.delete(this.bodies.keys().next().value as string);
      this.bodies.set(key, body);
    }
    return body;
  }

  /** FilesService counted a download of this file (its transaction committed). */
  counted(fileId: string): void {
    this.countedHere.add(fileId);
  }

  private async reload(stamp: Stamp): Promise<LibraryEntry[]> {
    const rows = await this.files.find({ order: { createdDate: 'DESC', id: 'DESC' } });
    return this.keep(stamp, rows.map(entryOf));
  }

  /** Only download counts changed since `base` was read: the counts again, and the changed files' JSON. */
  private async recount(stamp: Stamp, base: LibraryEntry[]): Promise<LibraryEntry[]> {
    const counts = (await this.countsHere(stamp, base)) ?? (await this.allCounts());
    // A reload finished meanwhile: the base is not what the table looks like any more.
    if (this.entries !== base) return this.reload(stamp);
    const entries = base.map((entry) => {
      const n = counts.get(entry.id);
      return n === undefined || n === entry.downloadCount ? entry : entryOf({ ...entry.row, downloadCount: n });
    });
    return this.keep(stamp, entries);
  }

  /**
   * The counts of the files this replica counted, when those downloads are all that changed since `base`: their rows,
   * then the stamp again, which must be `stamp` and add up to base's total plus what the rows added. Read in that order,
   * a download counted elsewhere before the second stamp shows as a different total. Otherwise null (read every count).
   */
  private async countsHere(stamp: Stamp, base: LibraryEntry[]): Promise<Map<string, number> | null> {
    const ids = [...this.countedHere];
    this.countedHere.clear();
    if (!ids.length) return null;
    // recount hands over this.entries before its first await: this.stamp is base's.
    const baseTotal = Number(this.stamp.downloads);
    const rows = await this.dataSource.query<Array<{ id: string; n: number | string }>>(`SELECT id, download_count AS n FROM files WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
    const counts = new Map(rows.map((row) => [row.id, Number(row.n)]));
    const again = await this.readStamp();
    let total = baseTotal;
    for (const entry of base) if (counts.has(entry.id)) total += (counts.get(entry.id) as number) - entry.downloadCount;
    return again.shape === stamp.shape && again.downloads === stamp.downloads && String(total) === stamp.downloads ? counts : null;
  }

  private async allCounts(): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<Array<{ id: string; n: number | string }>>('SELECT id, download_count AS n FROM files');
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  }

  private keep(stamp: Stamp, entries: LibraryEntry[]): LibraryEntry[] {
    this.entries = entries;
    this.bodies = new Map();
    this.stamp = stamp;
    return entries;
  }

  private async readStamp(): Promise<Stamp> {
    const [row] = await this.dataSource.query('SELECT COUNT(*) AS n, MAX(updated_date) AS changed, SUM(download_count) AS downloads, SUM(is_active) AS active FROM files');
    return { shape: `${row.n}|${row.changed instanceof Date ? row.changed.toISOString() : row.changed}|${row.active}`, downloads: String(row.downloads) };
  }
}

function entryOf(row: FileRecord): LibraryEntry {
  return {
    facts: accessFacts(row),
    id: row.id,
    name: row.name,
    downloadCount: row.downloadCount,
    createdMs: row.createdDate.getTime(),
    json: { download: Buffer.from(JSON.stringify(toFileView(row, 'download'))), buy: Buffer.from(JSON.stringify(toFileView(row, 'buy'))) },
    row,
  };
}
