import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { AppConfig } from '../config/app-config';
import { toApiError } from './all-exceptions.filter';

export const REMOTES = ['marketing', 'portal', 'admin'] as const;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed file names may be cached for ever; the manifest, remoteEntry.js and index.html must be revalidated. */
function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  const name = path.split(/[\\/]/).pop() ?? '';
  res.setHeader('Cache-Control', /\.[0-9a-f]{8,}\./.test(name) ? IMMUTABLE : NO_CACHE);
}

export function defaultRemotesManifest(): Record<string, string> {
  return Object.fromEntries(REMOTES.map((r) => [r, `/remotes/${r}/remoteEntry.js`]));
}

function readManifest(config: AppConfig): string {
  const file = config.web.remotesManifest;
  return file ? readFileSync(file, 'utf8') : JSON.stringify(defaultRemotesManifest());
}

/** The shell's policy: scripts, styles and data only from here and from the origins the manifest names. */
export function shellContentSecurityPolicy(manifest: string): string {
  let origins: string[] = [];
  try {
    const entries = Object.values(JSON.parse(manifest) as Record<string, string>);
    origins = [...new Set(entries.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))];
  } catch {
    // A broken manifest fails in the shell with its own message; the policy stays same-origin.
  }
  const from = ["'self'", ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${from}`,
    `style-src ${from} 'unsafe-inline'`,
    `connect-src ${from}`,
    `font-src ${from} data:`,
    "img-src 'self' data: https:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Embedded mode: the api serves the built shell at / and each remote under /remotes/<name>/, sending the
 * brotli or gzip file built next to each asset when the browser takes it, with the runtime manifest at
 * /remotes.json (read per request, so it can be switched live). Other paths get the shell's index.html.
 */
export async function serveWeb(app: NestFastifyApplication, config: AppConfig): Promise<boolean> {
  const dist = config.web.distDir;
  if (!dist || !existsSync(join(dist, 'shell', 'index.html'))) return false;
  const fastify = app.getHttpAdapter().getInstance();
  // Source maps help in development; production does not publish them.
  const allowedPath = (path: string) => config.env !== 'production' || !path.endsWith('.map');
  const common = { index: false as const, preCompressed: true, wildcard: false, setHeaders: cacheHeaders, allowedPath };

  fastify.get('/remotes.json', (_req, reply) => {
    reply.header('Cache-Control', NO_CACHE).type('application/json').send(readManifest(config));
  });
  for (const remote of REMOTES) {
    await app.register(fastifyStatic, { ...common, root: join(dist, remote), prefix: `/remotes/${remote}/`, decorateReply: false });
  }
  await app.register(fastifyStatic, { ...common, root: join(dist, 'shell'), prefix: '/' });

  // Any other page path is a client-side route of the shell; /api and asset paths that miss stay 404.
  fastify.get('/*', (req, reply) => {
    const accept = req.headers.accept ?? '*/*';
    const path = req.url.split('?')[0];
    // A path naming a file (favicon.ico, a missing chunk) that is not there is a 404, never the page.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/remotes/') || isFile || !/text\/html|\*\/\*/.test(accept)) {
      return reply.code(404).send(toApiError(new NotFoundException(`Cannot GET ${req.url}`)));
    }
    reply.header('Content-Security-Policy', shellContentSecurityPolicy(readManifest(config)));
    return reply.sendFile('index.html');
  });
  return true;
}
