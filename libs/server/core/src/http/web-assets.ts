import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'http';
import { Socket } from 'net';
import { join, relative, sep } from 'path';
import { promisify } from 'util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'zlib';
import { lookup } from 'mime-types';

export interface WebAsset {
  type: string;
  etag: string;
  cacheControl: string;
  /** The file as built, and the brotli / gzip twins the build wrote next to it. */
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const ENCODINGS = ['br', 'gzip', 'identity'];

export const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Hashed file names may be cached for ever; remoteEntry.js, index.html and the like must be revalidated. */
const cacheControlFor = (name: string) => (/\.[0-9a-f]{8,}\./.test(name) ? IMMUTABLE : NO_CACHE);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * The built frontends held in memory, keyed by URL path: a few MB, read once at start, so each request is a
 * map lookup and a buffer write (streaming small files from disk per request costs several times more).
 */
export function loadWebAssets(root: string, urlPrefix: string, opts: { sourceMaps: boolean }): Map<string, WebAsset> {
  const assets = new Map<string, WebAsset>();
  if (!existsSync(root) || !statSync(root).isDirectory()) return assets;
  for (const path of filesUnder(root)) {
    if (/\.(br|gz)$/.test(path) || (!opts.sourceMaps && path.endsWith('.map'))) continue;
    const name = relative(root, path).split(sep).join('/');
    const identity = readFileSync(path);
    const twin = (ext: string) => (existsSync(`${path}.${ext}`) ? readFileSync(`${path}.${ext}`) : undefined);
    assets.set(`${urlPrefix}${name}`, {
      type: lookup(name) || 'application/octet-stream',
      etag: etagOf(identity),
      cacheControl: cacheControlFor(name),
      bodies: { identity, br: twin('br'), gzip: twin('gz') },
    });
  }
  return assets;
}

/** A variant of a built file made at start (same type and caching), with its own ETag and compressed twins. */
export function variantOf(asset: WebAsset, identity: Buffer): WebAsset {
  return { ...asset, etag: etagOf(identity), bodies: { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) } };
}

/** Of the encodings offered (brotli, gzip, identity), the one the request's Accept-Encoding prefers. */
export function preferredEncoding(acceptEncoding: string | undefined, offered: string[] = ENCODINGS): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  // Browsers send a handful of different headers: each is parsed once.
  const key = `${offered.length === ENCODINGS.length ? '' : offered.join()}|${acceptEncoding}`;
  let chosen = preferred.get(key);
  if (!chosen) {
    const negotiated = negotiate(acceptEncoding, offered);
    chosen = negotiated === 'br' || negotiated === 'gzip' ? negotiated : 'identity';
    if (preferred.size >= 256) preferred.clear();
    preferred.set(key, chosen);
  }
  return chosen;
}
const preferred = new Map<string, 'br' | 'gzip' | 'identity'>();

/** The headers a (req, res, next) middleware that depends on nothing in the request sets: read once, on a response never sent. */
export function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): OutgoingHttpHeaders {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req, res, (err) => {
    if (err) throw err;
  });
  return res.getHeaders();
}

/** The body to send for the request's Accept-Encoding, and its Content-Encoding (none for identity). */
export function pickEncoding(asset: WebAsset, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const chosen = preferredEncoding(acceptEncoding, ENCODINGS.filter((e) => e === 'identity' || asset.bodies[e as 'br' | 'gzip']));
  if (chosen === 'br' || chosen === 'gzip') return { body: asset.bodies[chosen] as Buffer, encoding: chosen };
  return { body: asset.bodies.identity };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A text in the encoding it is sent in (none for identity). */
export type Encoded = { body: Buffer | string; encoding?: 'br' | 'gzip' };

/** A text (a page, a JSON answer) compressed for the browser, off the calling thread: brotli at a quality that costs about a millisecond per 100 KB, or gzip. */
export async function compressed(text: Buffer | string, encoding: 'br' | 'gzip' | 'identity'): Promise<Encoded> {
  if (encoding === 'br') return { body: await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }), encoding };
  if (encoding === 'gzip') return { body: await gzipped(text, { level: 6 }), encoding };
  return { body: text };
}

/** The security headers only a document acts on (helmet's defaults for them), added to the pages; the rest every answer has. */
export const DOCUMENT_HEADERS: ReadonlyArray<[string, string]> = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];
/** Of every answer's headers, those a script, style sheet or icon has no use for (some 130 bytes on each of them). */
export const NOT_FOR_FILES = ['content-security-policy', 'referrer-policy'];

/** A page, which gets the headers only a document acts on; a script, style sheet or icon goes without them. */
export const isDocument = (asset: WebAsset) => asset.type.startsWith('text/html');
/** What a file's answer says of it, 304 included: its type, caching and ETag, and that it comes in several encodings. */
export const assetHeaders = (asset: WebAsset) => ({ 'cache-control': asset.cacheControl, etag: asset.etag, vary: 'Accept-Encoding', 'content-type': asset.type });

/** Sends a file held in memory: the precompressed twin the browser takes, 304 when its copy is current. */
export function sendAsset(req: FastifyRequest, reply: FastifyReply, asset: WebAsset): FastifyReply {
  if (isDocument(asset)) for (const [name, value] of DOCUMENT_HEADERS) reply.header(name, value);
  else for (const name of NOT_FOR_FILES) reply.raw.removeHeader(name);
  reply.headers(assetHeaders(asset));
  if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const { body, encoding } = pickEncoding(asset, req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/** Text safe inside HTML content and double-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
