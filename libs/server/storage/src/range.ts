import type { ByteRange } from './storage-driver';

export const UNSATISFIABLE = 'unsatisfiable';

const SINGLE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The one byte range a Range header asks for, within a file of `size` bytes:
 * a range to answer 206 with, UNSATISFIABLE to answer 416, or null to send the whole file
 * (no header, a malformed one, or several ranges, which we do not serve).
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | typeof UNSATISFIABLE | null {
  if (!header || header.length > 100) return null;
  const match = SINGLE.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // bytes=-n: the last n bytes
    const n = Number(last);
    if (n === 0 || size === 0) return UNSATISFIABLE;
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return UNSATISFIABLE;
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** The Content-Range header of a 206 answer, or of a 416 one when range is omitted. */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
