// Child processes of a bench run (the app, reference servers): free ports, readiness, and stopping them.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now (the machine is shared: never a fixed one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls url until it answers (any status below 500), the process exits, or the time is up. */
export async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before answering ${url}\n${child.output?.() ?? ''}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s\n${child.output?.() ?? ''}`);
}

/**
 * Spawns a long-running process, keeps the tail of its output (for error messages and for lines such as
 * "First admin: ..."), and lets callers wait for a line matching a pattern.
 */
export function startProcess(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  let out = '';
  const waiters = [];
  const onData = (chunk) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
    for (const w of [...waiters]) {
      const m = out.match(w.pattern);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.output = () => out.slice(-4000);
  /** Resolves with the match once the output has a line matching pattern (null after timeoutMs). */
  child.waitForOutput = (pattern, timeoutMs = 10_000) => {
    const m = out.match(pattern);
    if (m) return Promise.resolve(m);
    return new Promise((resolve) => {
      const w = { pattern, resolve };
      waiters.push(w);
      setTimeout(() => {
        const i = waiters.indexOf(w);
        if (i >= 0) waiters.splice(i, 1);
        resolve(null);
      }, timeoutMs).unref();
    });
  };
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited after graceMs. */
export async function stopProcess(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
