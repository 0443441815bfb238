import { contentRange, MAX_RANGES, rangeOf, rangesOf, UNSATISFIABLE } from './range';

describe('rangeOf', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-199', { start: 100, end: 199 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['Bytes=1-2', { start: 1, end: 2 }],
    [' bytes= 1-2 ', { start: 1, end: 2 }],
  ])('reads %j on a 1000-byte file', (header, range) => {
    expect(rangeOf(header, 1000)).toEqual(range);
  });

  it.each([['bytes=1000-'], ['bytes=1000-1001'], ['bytes=5000-6000'], ['bytes=-0'], ['bytes=99999999999999999999-']])(
    'finds %j unsatisfiable on a 1000-byte file',
    (header) => {
      expect(rangeOf(header, 1000)).toBe(UNSATISFIABLE);
    },
  );

  it('finds every range unsatisfiable on an empty file', () => {
    expect(rangeOf('bytes=0-', 0)).toBe(UNSATISFIABLE);
    expect(rangeOf('bytes=-1', 0)).toBe(UNSATISFIABLE);
  });

  it.each([
    [undefined],
    [''],
    ['bytes'],
    ['bytes='],
    ['bytes=-'],
    ['bytes=abc'],
    ['bytes=1-a'],
    ['bytes=5-1'],
    ['bytes=1.5-2'],
    ['bytes=+1-2'],
    ['bytes=0-1,5-6'],
    ['items=0-1'],
    ['0-1'],
    ['bytes=0-1;x'],
    ['bytes=' + '1'.repeat(200) + '-'],
  ])('ignores %j: the whole file', (header) => {
    expect(rangeOf(header, 1000)).toBeNull();
  });

  it('writes Content-Range', () => {
    expect(contentRange(1000, { start: 0, end: 99 })).toBe('bytes 0-99/1000');
    expect(contentRange(1000)).toBe('bytes */1000');
  });
});

describe('rangesOf', () => {
  it('reads several ranges in the order asked, leaving out those past the end', () => {
    expect(rangesOf('bytes=500-599, 0-9,-5', 1000)).toEqual([{ start: 500, end: 599 }, { start: 0, end: 9 }, { start: 995, end: 999 }]);
    expect(rangesOf('bytes=0-9, 2000-', 1000)).toEqual([{ start: 0, end: 9 }]);
    expect(rangesOf('bytes=100-199', 1000)).toEqual([{ start: 100, end: 199 }]);
  });

  it('finds a set with no part inside the file unsatisfiable', () => {
    expect(rangesOf('bytes=1000-, 2000-2001', 1000)).toBe(UNSATISFIABLE);
  });

  it.each([['bytes=0-9,,20-29'], ['bytes=0-9, x'], ['bytes=0-99, 50-149'], ['bytes=0-0, 0-0'], ['items=0-1, 3-4'], [undefined]])('sends the whole file for %j', (header) => {
    expect(rangesOf(header, 1000)).toBeNull();
  });

  it(`takes up to ${MAX_RANGES} parts, as electron-updater asks in one request`, () => {
    const parts = (n: number) => 'bytes=' + Array.from({ length: n }, (_, i) => `${i * 10}-${i * 10 + 4}`).join(', ');
    expect(rangesOf(parts(MAX_RANGES), 100_000)).toHaveLength(MAX_RANGES);
    expect(rangesOf(parts(MAX_RANGES + 1), 100_000)).toBeNull();
  });
});
