import express, { type Express, type Response } from 'express';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { AppConfig } from '../config/app-config';

export const REMOTES = ['marketing', 'portal', 'admin'] as const;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed file names may be cached for ever; the manifest, remoteEntry.js and index.html must be revalidated. */
function cacheHeaders(res: Response, path: string): void {
  const name = path.split(/[\\/]/).pop() ?? '';
  res.setHeader('Cache-Control', /\.[0-9a-f]{8,}\./.test(name) ? IMMUTABLE : NO_CACHE);
}

export function defaultRemotesManifest(): Record<string, string> {
  return Object.fromEntries(REMOTES.map((r) => [r, `/remotes/${r}/remoteEntry.js`]));
}

/**
 * Embedded mode: the api serves the built shell at / and each remote under /remotes/<name>/,
 * with the runtime manifest at /remotes.json (read per request, so it can be switched live).
 */
export function serveWeb(server: Express, config: AppConfig): boolean {
  const dist = config.web.distDir;
  if (!dist || !existsSync(join(dist, 'shell', 'index.html'))) return false;
  const indexHtml = join(dist, 'shell', 'index.html');

  server.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    const file = config.web.remotesManifest;
    res.type('application/json').send(file ? readFileSync(file, 'utf8') : JSON.stringify(defaultRemotesManifest()));
  });
  for (const remote of REMOTES) {
    server.use(`/remotes/${remote}`, express.static(join(dist, remote), { index: false, setHeaders: cacheHeaders, fallthrough: false }));
  }
  server.use(express.static(join(dist, 'shell'), { index: false, setHeaders: cacheHeaders }));
  server.get(/^(?!\/api(\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml);
  });
  return true;
}
