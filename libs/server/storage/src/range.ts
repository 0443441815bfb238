import parseRange from 'range-parser';
import type { ByteRange } from './storage-driver';

export const UNSATISFIABLE = 'unsatisfiable';

/** As many parts as electron-updater asks for in one request of a differential download. */
export const MAX_RANGES = 1000;

/**
 * The byte ranges a Range header asks for (range-parser), in the order asked (a multipart/byteranges answer keeps
 * it: clients such as electron-updater match the parts by position), overlapping and adjacent parts merged into one
 * as nginx does, so that no small request sends the same bytes many times over. Parts past the end are left out;
 * UNSATISFIABLE when none is left; null (the whole file) for no header, a malformed one, another unit or more than
 * MAX_RANGES parts.
 */
export function rangesOf(header: string | undefined, size: number): ByteRange[] | typeof UNSATISFIABLE | null {
  if (!header || header.length > MAX_RANGES * 48 || header.split(',').length > MAX_RANGES) return null;
  // A suffix longer than the file is the whole file (RFC 9110, 14.1.2); range-parser finds it unsatisfiable.
  const wholeSuffix = header.replace(/([=,]\s*)-(\d+)/g, (part, before: string, n: string) => (Number(n) > size && size > 0 ? `${before}0-` : part));
  const parsed = parseRange(size, wholeSuffix, { combine: true });
  if (parsed === -2 || (parsed !== -1 && parsed.type.trim().toLowerCase() !== 'bytes')) return null;
  if (parsed === -1) return UNSATISFIABLE;
  return parsed.map(({ start, end }) => ({ start, end }));
}

/** The Content-Range header of a 206 answer, or of a 416 one when range is omitted. */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
