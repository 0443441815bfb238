// Builds a second, labelled copy of the marketing remote for the "redeploy a remote" browser test.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, mustRun } from './lib/setup.mjs';

const out = join(ROOT, 'tmp/marketing-v2');
const current = join(ROOT, 'dist/apps/marketing/remoteEntry.js');
const stale = !existsSync(join(out, 'remoteEntry.js')) || statSync(join(out, 'remoteEntry.js')).mtimeMs < statSync(current).mtimeMs;
if (stale) {
  mustRun('npx', ['webpack', '-c', 'apps/marketing/webpack.config.js', '--mode', 'production', '--output-path', out], {
    env: { BUILD_LABEL: 'v2' },
  });
}
