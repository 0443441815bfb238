import { contentRange, MAX_RANGES, rangesOf, UNSATISFIABLE } from './range';

describe('rangesOf', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['Bytes=1-2', { start: 1, end: 2 }],
    [' bytes= 1-2 ', { start: 1, end: 2 }],
  ])('reads %j on a 1000-byte file', (header, range) => {
    expect(rangesOf(header, 1000)).toEqual([range]);
  });

  it('reads several ranges in the order asked, leaving out those past the end', () => {
    expect(rangesOf('bytes=500-599, 0-9,-5', 1000)).toEqual([{ start: 500, end: 599 }, { start: 0, end: 9 }, { start: 995, end: 999 }]);
    expect(rangesOf('bytes=0-9, 2000-', 1000)).toEqual([{ start: 0, end: 9 }]);
  });

  it('merges overlapping and adjacent parts into one, as nginx does, at the place of the first', () => {
    expect(rangesOf('bytes=0-99, 50-149', 1000)).toEqual([{ start: 0, end: 149 }]);
    expect(rangesOf('bytes=0-0, 0-0', 1000)).toEqual([{ start: 0, end: 0 }]);
    expect(rangesOf('bytes=500-599, 0-9, 10-19, 600-601', 1000)).toEqual([{ start: 500, end: 601 }, { start: 0, end: 19 }]);
    // A thousand copies of the whole file asked at once are the file once.
    expect(rangesOf('bytes=' + Array(MAX_RANGES).fill('0-999').join(','), 1000)).toEqual([{ start: 0, end: 999 }]);
  });

  it.each([['bytes=1000-'], ['bytes=1000-1001'], ['bytes=-0'], ['bytes=5-1'], ['bytes=99999999999999999999-'], ['bytes=1000-, 2000-2001']])(
    'finds %j unsatisfiable on a 1000-byte file',
    (header) => {
      expect(rangesOf(header, 1000)).toBe(UNSATISFIABLE);
    },
  );

  it('finds every range unsatisfiable on an empty file', () => {
    expect(rangesOf('bytes=0-', 0)).toBe(UNSATISFIABLE);
    expect(rangesOf('bytes=-1', 0)).toBe(UNSATISFIABLE);
  });

  it.each([
    [undefined],
    [''],
    ['bytes'],
    ['bytes=-'],
    ['bytes=abc'],
    ['bytes=1-a'],
    ['bytes=1.5-2'],
    ['bytes=+1-2'],
    ['bytes=0-1;x'],
    ['bytes=0-9,,20-29'],
    ['items=0-1'],
    ['0-1'],
  ])('sends the whole file for %j', (header) => {
    expect(rangesOf(header, 1000)).toBeNull();
  });

  it(`takes up to ${MAX_RANGES} parts, as electron-updater asks in one request`, () => {
    const parts = (n: number) => 'bytes=' + Array.from({ length: n }, (_, i) => `${i * 10}-${i * 10 + 4}`).join(', ');
    expect(rangesOf(parts(MAX_RANGES), 100_000)).toHaveLength(MAX_RANGES);
    expect(rangesOf(parts(MAX_RANGES + 1), 100_000)).toBeNull();
  });

  it('writes Content-Range', () => {
    expect(contentRange(1000, { start: 0, end: 99 })).toBe('bytes 0-99/1000');
    expect(contentRange(1000)).toBe('bytes */1000');
  });
});
