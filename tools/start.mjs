// `npm start`: install what is missing, build, and serve the whole site (api + shell + remotes) on one port,
// in the embedded default (SQLite, in-process queue, local disk, mail outbox) unless settings say otherwise.
// Each step is numbered and timed; long silent ones say how long they have been running. Once the site answers,
// a banner says where to go next: sign in (with the first admin's credentials on a first start) and the admin console.
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS } from './lib/api-node-flags.mjs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, build, formatDuration, install, needsInstall, steps } from './lib/setup.mjs';

const step = steps(3);
if (needsInstall()) {
  step('Installing dependencies (first run: about 2 minutes, more where native modules compile)');
  install();
  step.done('installed');
} else {
  step('Dependencies are up to date.');
}

step('Building the api and the four frontends (about 1 minute)');
build(['api', 'shell', 'marketing', 'portal', 'admin']);
step.done('built');

step('Starting the server');
const api = spawn(process.execPath, [...API_NODE_FLAGS, join(ROOT, 'dist/apps/api/main.js')], {
  cwd: ROOT,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});

// The api prints "First admin: <email> <password>" once, on an empty database, before "… is running on <url> …":
// that line is held for the banner, so it is still printed once, beside where to use it.
let firstAdmin;
let bannerShown = false;
createInterface({ input: api.stdout, crlfDelay: Infinity }).on('line', (line) => {
  if (line.startsWith('First admin: ') && !bannerShown) return void (firstAdmin = line);
  console.log(line);
  const url = / is running on (http\S+)/.exec(line)?.[1];
  if (url && !bannerShown) banner(url.replace(/\/$/, ''));
});

function banner(url) {
  bannerShown = true;
  const signIn = firstAdmin
    ? [`                 ${firstAdmin}   (shown only this once: keep it)`]
    : ['                 as the first admin (its password was printed by the first start), or make one:', '                 npm run create-admin -- <email>'];
  console.log(
    [
      '',
      `Ready in ${formatDuration(performance.now())}. Where to go next:`,
      `  Sign in        ${url}/Signin`,
      ...signIn,
      `  Admin console  ${url}/Admin`,
      '',
      'Ctrl+C stops the server.',
    ].join('\n'),
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('close', (code, signal) => {
  if (firstAdmin && !bannerShown) console.log(firstAdmin); // never lose the one printing of the password
  process.exit(code ?? (signal ? 0 : 1));
});
