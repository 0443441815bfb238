// Helpers for the README's two commands. Only Node built-ins here: they run before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

const HEARTBEAT = join(ROOT, 'tools/lib/heartbeat.mjs');

/**
 * Runs a command to its end and returns its exit code. `opts` are spawnSync's, plus `heartbeat`: a verb such as
 * 'installing', to print "… still installing (1 m 20 s)" while the command is silent (tools/lib/heartbeat.mjs).
 */
export function run(cmd, args, opts = {}) {
  const { heartbeat, ...spawnOpts } = opts;
  const env = { ...process.env, ...NX_ENV, ...spawnOpts.env };
  let res;
  if (heartbeat) {
    // The helper enforces the timeout: killing the helper would leave the command running.
    if (opts.timeout) env.HEARTBEAT_TIMEOUT_MS = String(opts.timeout);
    delete spawnOpts.timeout;
    res = spawnSync(process.execPath, [HEARTBEAT, heartbeat, cmd, ...args], { cwd: ROOT, stdio: 'inherit', ...spawnOpts, env });
  } else {
    res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', killSignal: 'SIGKILL', ...spawnOpts, env });
  }
  if (res.error?.code === 'ETIMEDOUT' || (heartbeat && opts.timeout && res.status === 124)) {
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

/** "45 s", "1 m 20 s". */
export function formatDuration(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} m ${s % 60} s`;
}

/**
 * Numbered steps of a command: `const step = steps(3); step('Building the site')` prints "[1/3] Building the site…"
 * (a text ending in "." is printed as it is); `step.done('built')` prints "      built in 48 s", the step's time.
 */
export function steps(total) {
  let n = 0;
  let began = 0;
  const step = (text) => {
    began = performance.now();
    console.log(`[${++n}/${total}] ${text.endsWith('.') ? text : `${text}…`}`);
  };
  step.done = (what) => console.log(`      ${what} in ${formatDuration(performance.now() - began)}`);
  return step;
}

/** True when node_modules is missing or older than the lockfile. */
export function needsInstall() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  return !(existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs - 1000);
}

/** Installs dependencies, printing how long it has been running while npm is silent. */
export function install() {
  mustRun('npm', ['install', '--no-audit', '--no-fund'], { heartbeat: 'installing' });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  if (!needsInstall()) return;
  console.log('Installing dependencies (first run; native modules may compile, this takes a few minutes)...');
  install();
}

export const BUILD_PROJECTS = ['api', 'worker', 'shell', 'marketing', 'portal', 'admin'];

export function build(projects = BUILD_PROJECTS) {
  mustRun('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=stream'], { heartbeat: 'building' });
}
