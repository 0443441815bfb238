import type { ByteRange } from './storage-driver';

export const UNSATISFIABLE = 'unsatisfiable';

const SINGLE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The one byte range a Range header asks for, within a file of `size` bytes:
 * a range to answer 206 with, UNSATISFIABLE to answer 416, or null to send the whole file
 * (no header, a malformed one, or several ranges: see rangesOf).
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | typeof UNSATISFIABLE | null {
  if (!header || header.length > 100) return null;
  return partOf(header.trim(), size);
}

/** As many parts as electron-updater asks for in one request of a differential download. */
export const MAX_RANGES = 1000;

/**
 * The byte ranges a Range header asks for, in the order asked (a multipart/byteranges answer keeps it: clients
 * such as electron-updater match the parts by position). Parts past the end are left out; UNSATISFIABLE when none
 * is left; null (the whole file) for a malformed header, more than MAX_RANGES parts, or parts that overlap, which
 * could otherwise make one small request send the file many times over.
 */
export function rangesOf(header: string | undefined, size: number): ByteRange[] | typeof UNSATISFIABLE | null {
  if (!header || header.length > MAX_RANGES * 48) return null;
  const spec = /^\s*bytes\s*=(.*)$/is.exec(header)?.[1];
  if (spec === undefined) return null;
  const specs = spec.split(',');
  if (specs.length > MAX_RANGES) return null;
  const ranges: ByteRange[] = [];
  for (const one of specs) {
    const part = partOf(`bytes=${one.trim()}`, size);
    if (part === null) return null;
    if (part !== UNSATISFIABLE) ranges.push(part);
  }
  if (!ranges.length) return UNSATISFIABLE;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  if (sorted.some((r, i) => i > 0 && r.start <= sorted[i - 1].end)) return null;
  return ranges;
}

function partOf(header: string, size: number): ByteRange | typeof UNSATISFIABLE | null {
  const match = SINGLE.exec(header);
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
