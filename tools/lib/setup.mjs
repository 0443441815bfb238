// Helpers for the README's two commands. Only Node built-ins here: they run before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', killSignal: 'SIGKILL', ...opts, env: { ...process.env, ...NX_ENV, ...opts.env } });
  if (res.error?.code === 'ETIMEDOUT') {
    console.error(`\n✖ ${cmd} ${args.join(' ')} did not finish within ${Math.round(opts.timeout / 60000)} min: stopped`);
    return 124;
  }
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function mustRun(cmd, args, opts) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs - 1000;
  if (fresh) return;
  console.log('Installing dependencies (first run; native modules compile, this takes a few minutes)...');
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

export const BUILD_PROJECTS = ['api', 'worker', 'shell', 'marketing', 'portal', 'admin'];

export function build(projects = BUILD_PROJECTS) {
  mustRun('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=stream']);
}
