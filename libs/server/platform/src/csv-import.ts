import { BadRequestException, HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TEXTS } from '@solvr/contracts';
import type { InputType } from './entities/entity-adapter';

/** Largest CSV an import reads (it is held in memory: a few thousand records at most are imported at once). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The CSV of an import: the multipart part named `file`. */
export async function readCsvUpload(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw new UnsupportedMediaTypeException({ message: PLATFORM_TEXTS.importFile, code: 'unsupported_media_type' });
  try {
    const part = await req.file({ limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 10 } });
    if (!part || part.fieldname !== 'file') throw new BadRequestException({ message: PLATFORM_TEXTS.importFile, code: 'bad_request' });
    return (await part.toBuffer()).toString('utf8');
  } catch (err) {
    if (err instanceof HttpException) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeException({ message: PLATFORM_TEXTS.importBad('it is larger than 5 MB'), code: 'payload_too_large' });
    // Anything else here is the body itself: no boundary, cut short, malformed part headers.
    throw new BadRequestException({ message: PLATFORM_TEXTS.importFile, code: 'bad_request' });
  }
}

/** A cell as the field's type reads it; anything that does not read as the type stays text and is refused by the field's check. */
function cell(type: InputType | undefined, value: string): unknown {
  switch (type) {
    case 'boolean':
      return /^(true|1|yes)$/i.test(value) ? true : /^(false|0|no)$/i.test(value) ? false : value;
    case 'cents':
      return /^\d{1,15}$/.test(value) ? Number(value) : value;
    case 'emails':
      if (!value.trim().startsWith('[')) return value.split(/[;,\s]+/).filter(Boolean);
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    default:
      return value;
  }
}

/** The CSV's records: the header row names the fields, empty cells are left out. */
export function csvRecords(text: string, writable: Readonly<Record<string, InputType>>): Array<Record<string, unknown>> {
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true });
  } catch (err) {
    throw new BadRequestException({ message: PLATFORM_TEXTS.importBad((err as Error).message), code: 'bad_csv' });
  }
  if (!rows.length) throw new BadRequestException({ message: PLATFORM_TEXTS.importEmpty, code: 'bad_csv' });
  const has = (key: string) => Object.prototype.hasOwnProperty.call(writable, key);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '').map(([k, v]) => [k, cell(has(k) ? writable[k] : undefined, v)])));
}
