import { ALL_TYPES, indexLibrary, isFiltering, libraryTypes, queryLibrary, type LibraryQuery } from './library-query';
import { fileFixture } from './test-fixtures';

const files = [
  fileFixture({ id: 'a', file_name: 'zeta.zip', name: 'Zeta tool', description: 'Command line helper', file_type: 'zip', download_count: 5, created_date: '2025-08-03T10:00:00Z' }),
  fileFixture({ id: 'b', file_name: 'guide.pdf', name: 'alpha Guide', description: 'A PDF GUIDE to interviews', file_type: 'pdf', download_count: 50, created_date: '2025-08-05T10:00:00Z' }),
  fileFixture({ id: 'c', file_name: 'notes', name: 'Beta notes', description: 'Notes on the guide', file_type: 'application/pdf', download_count: 50, created_date: '2025-08-04T10:00:00Z' }),
  fileFixture({ id: 'd', file_name: 'file10.ZIP', name: 'file 10', description: '', file_type: 'ZIP', download_count: 0, created_date: '2025-08-01T10:00:00Z' }),
  fileFixture({ id: 'e', file_name: 'file9', name: 'file 9', description: 'no date', file_type: 'zip', download_count: 1, created_date: 'not a date' }),
];
const entries = indexLibrary(files);
const ids = (query: Partial<LibraryQuery>) => queryLibrary(entries, { search: '', sort: 'newest', type: ALL_TYPES, ...query }).map((f) => f.id);

describe('library filter and sort', () => {
  it('sorts Newest First by default order, Oldest First, Name A-Z (case-insensitive, numbers as numbers), Most Downloaded (newest first on ties)', () => {
    expect(ids({ sort: 'newest' })).toEqual(['b', 'c', 'a', 'd', 'e']);
    expect(ids({ sort: 'oldest' })).toEqual(['e', 'd', 'a', 'c', 'b']);
    expect(ids({ sort: 'name' })).toEqual(['b', 'c', 'e', 'd', 'a']);
    expect(ids({ sort: 'popular' })).toEqual(['b', 'c', 'a', 'e', 'd']);
  });

  it('searches name or description, case-insensitively, ignoring surrounding spaces', () => {
    expect(ids({ search: 'GUIDE' })).toEqual(['b', 'c']);
    expect(ids({ search: '  zeta ' })).toEqual(['a']);
    expect(ids({ search: 'command LINE' })).toEqual(['a']);
    expect(ids({ search: 'nothing like this' })).toEqual([]);
  });

  it('offers each distinct type once, as the one label every page shows (name or MIME type), and filters by it with the search', () => {
    expect(libraryTypes(entries)).toEqual(['PDF', 'ZIP']);
    expect(ids({ type: 'ZIP' })).toEqual(['a', 'd', 'e']);
    expect(ids({ type: 'ZIP', search: 'file' })).toEqual(['d', 'e']);
    expect(ids({ type: 'PDF', sort: 'popular' })).toEqual(['b', 'c']);
  });

  it('does not reorder its input, and knows when a search or type is active', () => {
    const before = entries.map((e) => e.file.id);
    ids({ sort: 'name' });
    expect(entries.map((e) => e.file.id)).toEqual(before);
    expect(isFiltering({ search: ' ', type: ALL_TYPES })).toBe(false);
    expect(isFiltering({ search: 'x', type: ALL_TYPES })).toBe(true);
    expect(isFiltering({ search: '', type: 'ZIP' })).toBe(true);
  });

  it('filters and sorts 10,000 files quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      fileFixture({ id: `m${i}`, name: `File ${i}`, description: `Description number ${i} `.repeat(10), download_count: i % 97 }),
    );
    const started = performance.now();
    const index = indexLibrary(many);
    const found = queryLibrary(index, { search: 'number 99', sort: 'name', type: ALL_TYPES });
    queryLibrary(index, { search: '', sort: 'popular', type: 'ZIP' });
    expect(found.length).toBe(111);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
