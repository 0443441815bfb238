import { stringify } from 'csv-stringify/sync';
import { Readable } from 'stream';
import { USERS_CSV_COLUMNS, usersCsvRow } from '@solvr/contracts';
import type { User } from './user.entity';
import { toAdminUserView } from './user-directory';

const CRLF = { record_delimiter: 'windows' } as const;

/** Users as rows of users.csv, one piece of text (csv-stringify quotes commas, quotes and line breaks; usersCsvRow defuses formulas). */
export const usersCsvText = (users: User[]): string => stringify(users.map((u) => usersCsvRow(toAdminUserView(u))), CRLF);

/**
 * users.csv as a stream: a UTF-8 BOM (so spreadsheets show accents), the header row, then the rows' text as
 * UserDirectory.export renders it, one stream write per slice of users, not one per row. The stream pulls the
 * next slice only when the client has taken the previous one.
 */
export function usersCsv(rows: AsyncIterable<string>): Readable {
  async function* text() {
    yield stringify([[...USERS_CSV_COLUMNS]], { ...CRLF, bom: true });
    yield* rows;
  }
  return Readable.from(text(), { objectMode: false });
}
