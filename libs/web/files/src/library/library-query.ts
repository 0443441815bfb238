import { fileTypeLabel, type FileView } from '@solvr/contracts';

/** Spec section 2, Downloads: Newest First (default), Oldest First, Name A-Z, Most Downloaded. */
export const LIBRARY_SORTS = ['newest', 'oldest', 'name', 'popular'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const DEFAULT_LIBRARY_SORT: LibrarySort = 'newest';

/** The type filter's value for 'All Types'. */
export const ALL_TYPES = '';

export interface LibraryQuery {
  /** Matched case-insensitively inside the name or the description; blank matches every file. */
  search: string;
  sort: LibrarySort;
  /** An upper-case type from libraryTypes, or ALL_TYPES. */
  type: string;
}

/** A file with what filtering and sorting need, computed once per list (the list can hold 10,000 files). */
export interface LibraryEntry {
  file: FileView;
  /** Lower-case name and description. */
  name: string;
  description: string;
  /** fileTypeLabel(file_type, file_name). */
  type: string;
  /** created_date in ms (0 when it does not parse). */
  time: number;
}

export function indexLibrary(files: readonly FileView[]): LibraryEntry[] {
  return files.map((file) => {
    const time = Date.parse(file.created_date);
    return {
      file,
      name: file.name.toLowerCase(),
      description: file.description.toLowerCase(),
      type: fileTypeLabel(file.file_type, file.file_name),
      time: Number.isFinite(time) ? time : 0,
    };
  });
}

/** The type filter's choices after 'All Types': each distinct type in upper case, A-Z. */
export function libraryTypes(entries: readonly LibraryEntry[]): string[] {
  return [...new Set(entries.map((e) => e.type).filter(Boolean))].sort();
}

/** Whether a search or a type narrows the list (the empty state then suggests changing them). */
export const isFiltering = (query: Pick<LibraryQuery, 'search' | 'type'>) => query.search.trim() !== '' || query.type !== ALL_TYPES;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const COMPARE: Record<LibrarySort, (a: LibraryEntry, b: LibraryEntry) => number> = {
  newest: (a, b) => b.time - a.time,
  oldest: (a, b) => a.time - b.time,
  name: (a, b) => byName.compare(a.file.name, b.file.name) || b.time - a.time,
  popular: (a, b) => b.file.download_count - a.file.download_count || b.time - a.time,
};

/** The files matching the search and the type, in the chosen order (ties keep the given order). Never mutates its input. */
export function queryLibrary(entries: readonly LibraryEntry[], query: LibraryQuery): FileView[] {
  const needle = query.search.trim().toLowerCase();
  const matching = entries.filter(
    (e) => (query.type === ALL_TYPES || e.type === query.type) && (!needle || e.name.includes(needle) || e.description.includes(needle)),
  );
  return matching.sort(COMPARE[query.sort] ?? COMPARE.newest).map((e) => e.file);
}
