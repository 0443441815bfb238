import { stringify } from 'csv-stringify';
import { Readable } from 'stream';
import { USERS_CSV_COLUMNS, usersCsvRow } from '@solvr/contracts';
import type { User } from './user.entity';
import { toAdminUserView } from './user-directory';

/**
 * users.csv as a stream: a UTF-8 BOM (so spreadsheets show accents), the header row, then one row per user as
 * the chunks arrive; csv-stringify quotes commas, quotes and line breaks, usersCsvRow defuses formulas.
 * The stream pulls the next chunk only when the client has taken the previous one.
 */
export function usersCsv(chunks: AsyncGenerator<User[]>): Readable {
  async function* rows() {
    yield [...USERS_CSV_COLUMNS];
    for await (const chunk of chunks) {
      for (const u of chunk) {
        yield usersCsvRow(toAdminUserView(u));
      }
    }
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const source = Readable.from(rows());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
