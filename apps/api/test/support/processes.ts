import { type ChildProcess, spawn } from 'child_process';
import { createServer, type AddressInfo } from 'net';
import { join } from 'path';
import { waitFor } from './test-env';

/** The repository root: where built processes run from. */
export const ROOT = join(__dirname, '../../../..');

export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });

export interface StartedProcess {
  proc: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/** A child process with only PATH and the given settings in its environment, run from the repository root. */
export function startProcess(cmd: string, args: string[], env: Record<string, string> = {}): StartedProcess {
  const proc = spawn(cmd, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  return { proc, output: () => out, exited: new Promise((ok) => proc.once('exit', (code) => ok(code))) };
}

/** A Redis of the test's own, so it can be stopped and started (and given an eviction policy) without touching others. */
export async function startRedis(port: number, policy = 'noeviction'): Promise<StartedProcess> {
  const redis = startProcess('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--maxmemory-policy', policy]);
  await waitFor(async () => redis.output().includes('Ready to accept connections') || undefined, 'redis-server to start', 10_000);
  return redis;
}
