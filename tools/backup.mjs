// `npm run backup -- [--out <folder>]`: a backup of the instance the settings point at (DATA_DIR, DATABASE_URL, S3_*,
// as the api reads them), into a new folder (default backups/<UTC time>): the database (SQLite's online backup, or
// mysqldump --single-transaction), every file object with its key, and a manifest with the SHA-256 of each part.
// The api may keep running. See README, "Backup and restore"; the code is in tools/backup/lib.
import { command, UsageError } from './backup/lib/cli.mjs';

const USAGE = 'Usage: npm run backup -- [--out <new folder>]   (default: backups/<UTC time>)';

await command(USAGE, { out: { type: 'string', short: 'o' } }, async ({ out }, positionals) => {
  if (positionals.length) throw new UsageError(`Unexpected argument ${positionals[0]}`);
  const { backup } = await import('./backup/lib/backup.mjs');
  await backup({ out });
});
