import { spawnSync } from 'child_process';
import { join } from 'path';

export const ROOT = join(__dirname, '../../..');

export interface LintMessage {
  ruleId: string;
  message: string;
  severity: number;
}

/** Lints a made-up file placed inside a project with the workspace's real ESLint config, as `nx lint` would. */
export function lintAs(file: string, code: string): LintMessage[] {
  const run = spawnSync(join(ROOT, 'node_modules/.bin/eslint'), ['--stdin', '--stdin-filename', join(ROOT, file), '--format', 'json'], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const [result] = JSON.parse(run.stdout) as Array<{ messages: LintMessage[] }>;
  return result.messages;
}
