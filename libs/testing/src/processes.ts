import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The repository root: where built processes and tools run from. */
export const ROOT = join(__dirname, '../../..');

/** A port nobody listens on right now (the machine is shared: never a fixed one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls probe every 100 ms until it gives a truthy value, or fails after ms. */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, ms = 15000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

const exitTasks = new Set<() => void>();
process.on('exit', () => {
  for (const task of exitTasks) {
    try {
      task();
    } catch {
      // best effort: the process is going
    }
  }
});
/** Runs task (synchronous) if this process exits before the returned function is called: a child must not outlive it. */
export function onExit(task: () => void): () => void {
  exitTasks.add(task);
  return () => exitTasks.delete(task);
}

export interface StartedProcess {
  proc: ChildProcess;
  /** The tail of what it wrote, stdout and stderr together. */
  output(): string;
  /** Resolves with the match once the output matches pattern, or null after timeoutMs. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray | null>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface StartOptions extends SpawnOptions {
  /** Spawn with exactly this environment plus PATH (no variables of the test process leak in). */
  cleanEnv?: boolean;
}

/**
 * A long-running child process, run from the repository root unless told otherwise. Its output is kept (the tail) for
 * error messages and for lines such as "First admin: ...". It is killed if this process exits first.
 */
export function startProcess(cmd: string, args: string[], opts: StartOptions = {}): StartedProcess {
  const { cleanEnv, ...spawnOpts } = opts;
  const env = cleanEnv ? { PATH: process.env.PATH ?? '', ...opts.env } : (opts.env ?? process.env);
  const proc = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...spawnOpts, env });
  const forget = onExit(() => proc.kill('SIGKILL'));
  let out = '';
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray | null) => void }> = [];
  const onData = (chunk: Buffer) => {
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
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((ok) => proc.once('exit', (code) => ok(code)));
  void exited.then(forget);
  return {
    proc,
    exited,
    output: () => out.slice(-8000),
    waitForOutput(pattern, timeoutMs = 10_000) {
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
    },
  };
}

/** SIGTERM, then SIGKILL if it has not exited after graceMs. */
export async function stopProcess(child: StartedProcess | undefined | null, graceMs = 10_000): Promise<void> {
  if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Polls url until it answers (any status below 500), the process exits, or the time is up. */
export async function waitForHttp(url: string, child: StartedProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`exited (${child.proc.exitCode ?? child.proc.signalCode}) before answering ${url}\n${child.output()}`);
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
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s\n${child.output()}`);
}

/** A tool of tools/ that prints one JSON line when ready (the OAuth provider, the Stripe stand-in). */
export async function startTool<T>(script: string, env: Record<string, string> = {}): Promise<T & { proc: ChildProcess }> {
  const tool = startProcess(process.execPath, [join(ROOT, 'tools', script)], { env: { ...process.env, ...env } });
  const m = await tool.waitForOutput(/^\{.*\}$/m, 20_000);
  if (!m) throw new Error(`${script} did not start\n${tool.output()}`);
  return { ...(JSON.parse(m[0]) as T), proc: tool.proc };
}

/** A Redis of the test's own, so it can be stopped and started (and given an eviction policy) without touching others. */
export async function startRedis(port: number, policy = 'noeviction'): Promise<StartedProcess> {
  const redis = startProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', policy], { cleanEnv: true });
  if (!(await redis.waitForOutput(/Ready to accept connections/, 10_000))) throw new Error(`redis-server did not start\n${redis.output()}`);
  return redis;
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status; Linux only), or null once it is gone. */
export function rssBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
