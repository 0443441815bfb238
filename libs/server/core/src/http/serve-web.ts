import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { AppConfig } from '../config/app-config';
import { toApiError } from './all-exceptions.filter';
import { loadWebAssets, NO_CACHE, pickEncoding, type WebAsset } from './web-assets';

export const REMOTES = ['marketing', 'portal', 'admin'] as const;

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

/** Sends a built file: the precompressed twin the browser takes, 304 when its copy is current. */
function sendAsset(req: FastifyRequest, reply: FastifyReply, asset: WebAsset): FastifyReply {
  reply.header('Cache-Control', asset.cacheControl).header('ETag', asset.etag).header('Vary', 'Accept-Encoding').type(asset.type);
  if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const { body, encoding } = pickEncoding(asset, req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/**
 * Embedded mode: the api serves the built shell at / and each remote under /remotes/<name>/, with the runtime
 * manifest at /remotes.json (read per request, so it can be switched live). Other page paths get the shell's
 * index.html; /api paths and missing files are 404.
 */
export async function serveWeb(app: NestFastifyApplication, config: AppConfig): Promise<boolean> {
  const dist = config.web.distDir;
  if (!dist || !existsSync(join(dist, 'shell', 'index.html'))) return false;
  const fastify = app.getHttpAdapter().getInstance();
  // Source maps help in development; production does not publish them.
  const sourceMaps = config.env !== 'production';
  const assets = loadWebAssets(join(dist, 'shell'), '/', { sourceMaps });
  for (const remote of REMOTES) for (const [path, asset] of loadWebAssets(join(dist, remote), `/remotes/${remote}/`, { sourceMaps })) assets.set(path, asset);
  const indexHtml = assets.get('/index.html') as WebAsset;

  fastify.get('/remotes.json', (_req, reply) => {
    reply.header('Cache-Control', NO_CACHE).type('application/json').send(readManifest(config));
  });
  fastify.get('/*', (req, reply) => {
    const path = req.url.split('?')[0];
    const asset = assets.get(path);
    if (asset && asset !== indexHtml) return sendAsset(req, reply, asset);
    // A path naming a file (favicon.ico, a missing chunk) that is not there is a 404, never the page.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    const wantsHtml = /text\/html|\*\/\*/.test(req.headers.accept ?? '*/*');
    if (asset !== indexHtml && (path.startsWith('/api/') || path === '/api' || path.startsWith('/remotes/') || isFile || !wantsHtml)) {
      return reply.code(404).send(toApiError(new NotFoundException(`Cannot GET ${req.url}`)));
    }
    reply.header('Content-Security-Policy', shellContentSecurityPolicy(readManifest(config)));
    return sendAsset(req, reply, indexHtml);
  });
  return true;
}
