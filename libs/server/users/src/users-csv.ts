import { stringify } from 'csv-stringify/sync';
import { Readable } from 'stream';
import { setImmediate as nextTurn } from 'timers/promises';
import { USERS_CSV_COLUMNS, usersCsvRow } from '@solvr/contracts';
import type { User } from './user.entity';
import { toAdminUserView } from './user-directory';

const CRLF = { record_delimiter: 'windows' } as const;
/** Users written per turn of the event loop: other requests are answered between slices, not after 1,000 rows. */
const SLICE = 200;

/**
 * users.csv as a stream: a UTF-8 BOM (so spreadsheets show accents), the header row, then the users as the chunks
 * arrive, SLICE users per piece of text (one stream write each, not one per row; other requests go between them); csv-stringify
 * quotes commas, quotes and line breaks, usersCsvRow defuses formulas. The stream pulls the next chunk only when the
 * client has taken the previous one.
 */
export function usersCsv(chunks: AsyncGenerator<User[]>): Readable {
  async function* text() {
    yield stringify([[...USERS_CSV_COLUMNS]], { ...CRLF, bom: true });
    for await (const chunk of chunks) {
      for (let at = 0; at < chunk.length; at += SLICE) {
        await nextTurn();
        yield stringify(chunk.slice(at, at + SLICE).map((u) => usersCsvRow(toAdminUserView(u))), CRLF);
      }
    }
  }
  return Readable.from(text(), { objectMode: false });
}
