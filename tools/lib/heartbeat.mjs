// `node tools/lib/heartbeat.mjs <verb> <command> [args…]`: runs the command with its output passed through and,
// whenever it has been silent for 15 s, prints how long it has been running ("      … still installing (1 m 20 s)").
// That line goes only between whole lines of the command's output, never into one. Exits with the command's code;
// with HEARTBEAT_TIMEOUT_MS set, stops the command after that long and exits 124. Used by run() in setup.mjs.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { formatDuration } from './setup.mjs';

const EVERY_MS = 15_000;
const [verb, cmd, ...args] = process.argv.slice(2);
const started = performance.now();
let quietSince = started;
let atLineStart = true;

// The command writes to pipes, not the terminal: keep its colours where the terminal would have shown them.
const color = process.stdout.isTTY && !process.env.NO_COLOR && process.env.FORCE_COLOR === undefined ? { FORCE_COLOR: '1' } : {};
const { HEARTBEAT_TIMEOUT_MS, ...env } = process.env;
const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...env, ...color } });
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    to.write(chunk);
    atLineStart = chunk[chunk.length - 1] === 0x0a;
    quietSince = performance.now();
  });
}

const ticker = setInterval(() => {
  const now = performance.now();
  if (!atLineStart || now - quietSince < EVERY_MS) return;
  process.stdout.write(`      … still ${verb} (${formatDuration(now - started)})\n`);
  quietSince = now;
}, 1000);

let timedOut = false;
const timeout = Number(HEARTBEAT_TIMEOUT_MS);
const deadline = timeout > 0 ? setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), timeout) : undefined;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  console.error(`✖ ${cmd}: ${err.message}`);
  process.exit(127);
});
child.on('close', (code, signal) => {
  clearInterval(ticker);
  clearTimeout(deadline);
  process.exit(timedOut ? 124 : (code ?? 128 + (constants.signals[signal] ?? 0)));
});
