import type { ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { ROOT, startProcess } from '@solvr/testing';

/** The helpers every test tier shares (libs/testing): ports, child processes, the stand-ins for Google and Stripe. */
export { freePort, ROOT, startOAuthProvider, startStripeStandIn, STRIPE_TEST_KEYS } from '@solvr/testing';

/** Starts the built api (serving the whole site) and resolves once it answers, with its URL and first-admin line. */
export async function startSite(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string; admin: { email: string; password: string } }> {
  const site = startProcess(process.execPath, [join(ROOT, 'dist/apps/api/main.js')], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
  const [url, admin] = await Promise.all([site.waitForOutput(/is running on (http:\/\/\S+)/, 30_000), site.waitForOutput(/First admin: (\S+) (\S+)/, 30_000)]);
  if (!url || !admin) throw new Error(`The site did not start:\n${site.output()}`);
  return { proc: site.proc, url: url[1], admin: { email: admin[1], password: admin[2] } };
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
