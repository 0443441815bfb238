// `npm run restore -- <backup folder> [--force]`: restores a backup made by `npm run backup` into the instance the
// settings point at (DATA_DIR, DATABASE_URL, S3_*, as the api reads them). Checks the backup first, refuses a target
// that holds data unless --force, and reads every restored file back to compare its SHA-256. Stop the api first.
// See README, "Backup and restore"; the code is in tools/backup/lib.
import { command, UsageError } from './backup/lib/cli.mjs';

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]   (--force: replace a database that has tables, overwrite objects)';

await command(USAGE, { force: { type: 'boolean' } }, async ({ force }, positionals) => {
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `Unexpected argument ${positionals[1]}` : 'Which backup folder?');
  const { restore } = await import('./backup/lib/restore.mjs');
  await restore({ from: positionals[0], force });
});
