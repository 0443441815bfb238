// `npm run create-admin -- <email> [--password <password>]`: creates an admin, or gives an existing account the
// admin role, in the database the settings point at (DATA_DIR / DATABASE_URL). Builds the api first if needed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, build, ensureInstalled, run } from './lib/setup.mjs';

const cli = join(ROOT, 'dist/apps/api/cli.js');
if (!existsSync(cli)) {
  ensureInstalled();
  build(['api']);
}
process.exit(run(process.execPath, [cli, 'create-admin', ...process.argv.slice(2)]));
