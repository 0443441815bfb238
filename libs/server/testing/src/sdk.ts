import { spawn } from 'child_process';
import { join } from 'path';

/** createClient's options as the driver passes them (analytics are always off there). */
export interface SdkClient {
  serverUrl: string;
  appId: string;
  token?: string;
  serviceToken?: string;
  headers?: Record<string, string>;
}

/** A call on the client, e.g. { call: 'entities.News.filter', args: [{ is_published: true }, '-created_date'] }. */
export interface SdkStep {
  call: string;
  args?: unknown[];
}

export interface SdkError {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  data?: Record<string, unknown>;
}

// Outcomes are whatever the SDK answered, as JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SdkOutcome = { ok: true; value: any } | { ok: false; error: SdkError };

const DRIVER = join(__dirname, 'sdk-driver.mjs');

/**
 * Runs steps with the real @base44/sdk in a Node child process (the package is ESM-only; this Jest run is CommonJS),
 * one client for all steps, and answers each step's outcome.
 */
export function runSdk(client: SdkClient, steps: SdkStep[]): Promise<SdkOutcome[]> {
  return new Promise((resolve, reject) => {
    // NODE_ENV=production: the SDK logs every refused call to the console otherwise.
    const child = spawn(process.execPath, [DRIVER], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`sdk driver exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`sdk driver printed no JSON: ${out} ${err}`));
      }
    });
    child.stdin.end(JSON.stringify({ client, steps }));
  });
}
