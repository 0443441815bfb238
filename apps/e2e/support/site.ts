import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');

/** Starts the built api (serving the whole site) and resolves once it answers, with its URL and first-admin line. */
export function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

export async function startSite(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string; admin: { email: string; password: string } }> {
  const proc = spawn(process.execPath, [join(ROOT, 'dist/apps/api/main.js')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = out.match(/is running on (http:\/\/\S+)/)?.[1];
    const admin = out.match(/First admin: (\S+) (\S+)/);
    if (url && admin) return { proc, url, admin: { email: admin[1], password: admin[2] } };
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`The site did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** tools/oauth-mock.mjs: a local OpenID provider standing in for Google. */
export async function startOAuthProvider(): Promise<{ proc: ChildProcess; issuer: string; control: string }> {
  const proc = spawn(process.execPath, [join(ROOT, 'tools/oauth-mock.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((ok, fail) => {
    proc.stdout!.once('data', (d) => ok(String(d)));
    proc.once('exit', (code) => fail(new Error(`the OAuth provider exited (${code})`)));
  });
  return { proc, ...JSON.parse(line) };
}

/** Keys the site runs with; the stand-in signs its webhooks with the same secret. */
export const STRIPE_E2E_KEYS = { STRIPE_SECRET_KEY: 'sk_test_solvr_playwright_0123', STRIPE_WEBHOOK_SECRET: 'whsec_solvr_playwright_0123' };

/** tools/stripe-standin.mjs: Stripe's Checkout Sessions endpoints and a checkout page that pays and sends the webhook. */
export async function startStripeStandIn(webhookUrl: string): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, [join(ROOT, 'tools/stripe-standin.mjs')], {
    env: { ...process.env, STANDIN_WEBHOOK_URL: webhookUrl, STANDIN_WEBHOOK_SECRET: STRIPE_E2E_KEYS.STRIPE_WEBHOOK_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((ok, fail) => {
    proc.stdout!.once('data', (d) => ok(String(d)));
    proc.once('exit', (code) => fail(new Error(`the Stripe stand-in exited (${code})`)));
  });
  return { proc, ...JSON.parse(line) };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json' };

/** A plain static file server, standing in for a separately deployed remote. */
export function serveStatic(dir: string, port = 0): Promise<Server> {
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

export const portOf = (server: Server) => (server.address() as AddressInfo).port;
export const closeServer = (server: Server) =>
  new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });
