import { DataSource, type Repository } from 'typeorm';
import type { FileAccessFacts, FileAvailability } from '@solvr/contracts';
import type { FileRecord } from './file.entity';
import { accessFacts, toFileView } from './file.views';
import { isSeededPlaceholder } from './releases/seeded-releases';

/** One active-or-not file as the library needs it: the rule's facts, the summary's figures, and its JSON ready. */
export interface LibraryEntry {
  facts: FileAccessFacts;
  id: string;
  name: string;
  downloadCount: number;
  createdMs: number;
  /** A seeded release standing in for the installer: listed, never downloaded. */
  placeholder: boolean;
  /** The FileView JSON for each availability a caller can have. */
  json: Record<Exclude<FileAvailability, 'hidden'>, string>;
}

/**
 * The library list at 10,000 files cost about 300 ms per request to read, map and serialise. This keeps every row's
 * facts and JSON and reads the table again only when it changed: one aggregate query per request compares a stamp
 * (row count, newest change, download total, active count), so a write by any api replica is seen by the next request of all.
 * FilesService stays the only writer of the table; this only reads.
 */
const MAX_BODIES = 16;

export class LibraryCache {
  private stamp = '';
  private entries: LibraryEntry[] = [];
  /** Finished list bodies by what each file is for the caller: most callers see the same list, so they share one. */
  private bodies = new Map<string, Buffer>();
  private reloading: { stamp: string; done: Promise<LibraryEntry[]> } | null = null;

  constructor(
    private readonly files: Repository<FileRecord>,
    private readonly dataSource: DataSource,
  ) {}

  /** Every file, newest first. */
  async all(): Promise<LibraryEntry[]> {
    const stamp = await this.readStamp();
    if (stamp === this.stamp) return this.entries;
    // Callers that see the same new stamp share one reload.
    if (this.reloading?.stamp !== stamp) this.reloading = { stamp, done: this.reload(stamp) };
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
    const parts: string[] = [];
    entries.forEach((entry, i) => {
      const a = availability[i];
      if (a !== 'hidden') parts.push(entry.json[a]);
    });
    const body = Buffer.from(`[${parts.join(',')}]`);
    if (entries === this.entries) {
      if (this.bodies.size >= MAX_BODIES) this.bodies.delete(this.bodies.keys().next().value as string);
      this.bodies.set(key, body);
    }
    return body;
  }

  private async reload(stamp: string): Promise<LibraryEntry[]> {
    try {
      const rows = await this.files.find({ order: { createdDate: 'DESC', id: 'DESC' } });
      const entries = rows.map((row) => ({
        facts: accessFacts(row),
        id: row.id,
        name: row.name,
        downloadCount: row.downloadCount,
        createdMs: row.createdDate.getTime(),
        placeholder: isSeededPlaceholder(row),
        json: { download: JSON.stringify(toFileView(row, 'download')), buy: JSON.stringify(toFileView(row, 'buy')) },
      }));
      this.entries = entries;
      this.bodies = new Map();
      this.stamp = stamp;
      return entries;
    } finally {
      if (this.reloading?.stamp === stamp) this.reloading = null;
    }
  }

  private async readStamp(): Promise<string> {
    const [row] = await this.dataSource.query('SELECT COUNT(*) AS n, MAX(updated_date) AS changed, SUM(download_count) AS downloads, SUM(is_active) AS active FROM files');
    return `${row.n}|${row.changed instanceof Date ? row.changed.toISOString() : row.changed}|${row.downloads}|${row.active}`;
  }
}
