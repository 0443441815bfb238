// Child processes of a bench run (the app, reference servers): free ports, readiness, and stopping them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

const exitTasks = new Set();
process.on('exit', () => {
  for (const task of exitTasks) {
    try {
      task();
    } catch {
      // best effort: the harness is going
    }
  }
});
/**
 * Runs `task` (synchronous) if the harness exits before the returned function is called: what an interrupted run
 * (Ctrl-C, process.exit) must not leave behind, such as a child process or a temp dir.
 */
export function onExit(task) {
  exitTasks.add(task);
  return () => exitTasks.delete(task);
}

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
  child.once('exit', onExit(() => child.kill('SIGKILL')));
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

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status; Linux only), or null once it is gone. */
export function rssBytes(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples rssBytes(pid) every intervalMs until stop(), which returns { peak, last, samples } (bytes, count). */
export function sampleRss(pid, intervalMs = 100) {
  let peak = null;
  let last = null;
  let samples = 0;
  const take = () => {
    const v = rssBytes(pid);
    if (v === null) return;
    samples += 1;
    last = v;
    if (peak === null || v > peak) peak = v;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, last, samples };
    },
  };
}
