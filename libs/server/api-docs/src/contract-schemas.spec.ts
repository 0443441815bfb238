import { spawnSync } from 'child_process';
import { join } from 'path';

const ROOT = join(__dirname, '../../../..');

describe('contract schemas', () => {
  it('are the JSON Schemas of the libs/contracts types as they are now (node libs/server/api-docs/generate-schemas.mjs)', () => {
    const run = spawnSync(process.execPath, ['libs/server/api-docs/generate-schemas.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
