// `npm start`: install what is missing, build, and serve the whole site (api + shell + remotes) on one port,
// in the embedded default (SQLite, in-process queue, local disk, mail outbox) unless settings say otherwise.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, build, ensureInstalled } from './lib/setup.mjs';

ensureInstalled();
build(['api', 'shell', 'marketing', 'portal', 'admin']);

const api = spawn(process.execPath, [join(ROOT, 'dist/apps/api/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
