import { stringify } from 'csv-stringify/sync';
import { Readable } from 'stream';
import { USERS_CSV_COLUMNS, usersCsvRow } from '@solvr/contracts';
import type { User } from './user.entity';
import { toAdminUserView } from './user-directory';

const CRLF = { record_delimiter: 'windows' } as const;

/**
 * users.csv as a stream: a UTF-8 BOM (so spreadsheets show accents), the header row, then the users as the chunks
 * arrive, one piece of text per chunk (one stream write each, not one per row; UserDirectory.export hands them on a
 * slice per turn of the event loop, so other requests go between them); csv-stringify
 * quotes commas, quotes and line breaks, usersCsvRow defuses formulas. The stream pulls the next chunk only when the
 * client has taken the previous one.
 */
export function usersCsv(chunks: AsyncGenerator<User[]>): Readable {
  async function* text() {
    yield stringify([[...USERS_CSV_COLUMNS]], { ...CRLF, bom: true });
    for await (const chunk of chunks) yield stringify(chunk.map((u) => usersCsvRow(toAdminUserView(u))), CRLF);
  }
  return Readable.from(text(), { objectMode: false });
}
