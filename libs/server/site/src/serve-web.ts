import { Logger, NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import type { OutgoingHttpHeaders } from 'http';
import { join } from 'path';
import { isPrivatePage, LAYOUT_TEXTS, NEWS_FEEDS, resolvePage, ROBOTS_NOINDEX, SHARE_IMAGE, SSR_PAYLOAD_ID, type SsrRendered } from '@solvr/contracts';
import {
  AppConfig,
  assetHeaders,
  compressed,
  DOCUMENT_HEADERS,
  type Encoded,
  escapeHtml,
  isDocument,
  loadWebAssets,
  NO_CACHE,
  NOT_FOR_FILES,
  pickEncoding,
  preferredEncoding,
  sendAsset,
  toApiError,
  variantOf,
  type WebAsset,
  type WebServing,
} from '@solvr/server-core';
import { PageStyles } from './page-styles';
import { SiteRenderer } from './site-renderer';

export const REMOTES = ['marketing', 'portal', 'admin'] as const;

export function defaultRemotesManifest(): Record<string, string> {
  return Object.fromEntries(REMOTES.map((r) => [r, `/remotes/${r}/remoteEntry.js`]));
}

const DEFAULT_MANIFEST_TEXT = JSON.stringify(defaultRemotesManifest());

function readManifest(config: AppConfig): string {
  const file = config.web.remotesManifest;
  return file ? readFileSync(file, 'utf8') : DEFAULT_MANIFEST_TEXT;
}

/** The shell's policy: scripts, styles and data only from here and from the origins the manifest names. */
export function shellContentSecurityPolicy(manifest: string, scriptHashes: string[] = []): string {
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
    `script-src ${[from, ...scriptHashes.map((h) => `'${h}'`)].join(' ')}`,
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

/** The built frontends, held in memory: the shell at / and each remote under /remotes/<name>/. */
export interface BuiltWeb {
  dist: string;
  assets: Map<string, WebAsset>;
  /** The shell's page, which serveWeb answers page paths with (server-rendered when it can). */
  indexHtml: WebAsset;
}

/**
 * Embedded mode's web serving (configureHttp calls it): the built files ahead of every hook, then the pages and
 * /remotes.json; undefined when WEB_DIST_DIR holds no built shell.
 */
export function siteServing(config: AppConfig): WebServing | undefined {
  const web = builtWeb(config);
  if (!web) return undefined;
  return {
    answerFilesFirst: (fastify, everyAnswer) => answerFilesFirst(fastify, web, everyAnswer),
    serve: (app) => serveWeb(app, config, web),
  };
}

/** The built frontends under WEB_DIST_DIR, or undefined when there is no built shell there. */
export function builtWeb(config: AppConfig): BuiltWeb | undefined {
  const dist = config.web.distDir;
  if (!dist || !existsSync(join(dist, 'shell', 'index.html'))) return undefined;
  // Source maps help in development; production does not publish them.
  const sourceMaps = config.env !== 'production';
  const assets = loadWebAssets(join(dist, 'shell'), '/', { sourceMaps });
  for (const remote of REMOTES) for (const [path, asset] of loadWebAssets(join(dist, remote), `/remotes/${remote}/`, { sourceMaps })) assets.set(path, asset);
  return { dist, assets, indexHtml: assets.get('/index.html') as WebAsset };
}

/** A built file's answers, made at start: headers and bytes for each encoding it has, and its 304. */
interface FileAnswer {
  asset: WebAsset;
  notModified: OutgoingHttpHeaders;
  byEncoding: Partial<Record<'br' | 'gzip' | 'identity', { headers: OutgoingHttpHeaders; body: Buffer }>>;
}

/** The headers sendAsset gives a file: those every answer gets (less what only a document acts on), its type and caching. */
function fileAnswer(asset: WebAsset, everyAnswer: OutgoingHttpHeaders): FileAnswer {
  const own = { ...everyAnswer };
  if (isDocument(asset)) for (const [name, value] of DOCUMENT_HEADERS) own[name.toLowerCase()] = value;
  else for (const name of NOT_FOR_FILES) delete own[name];
  const notModified = { ...own, ...assetHeaders(asset) };
  const byEncoding: FileAnswer['byEncoding'] = {};
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    const body = asset.bodies[encoding];
    if (body) byEncoding[encoding] = { headers: { ...notModified, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }), 'content-length': body.length }, body };
  }
  return { asset, notModified, byEncoding };
}

/**
 * The built files (not the pages) answered ahead of every other request hook, as a file server would: each file's
 * headers, with those every answer gets (`everyAnswer`), are put together at start, and written with its bytes
 * straight to the connection (the request log and metrics still see it). Through the hooks and the framework's
 * reply, a file cost twice what nginx spends on it.
 */
export function answerFilesFirst(fastify: FastifyInstance, web: BuiltWeb, everyAnswer: OutgoingHttpHeaders): void {
  const answers = new Map<string, FileAnswer>();
  for (const [path, asset] of web.assets) if (asset !== web.indexHtml) answers.set(path, fileAnswer(asset, everyAnswer));
  fastify.addHook('onRequest', (req, reply, done) => {
    const query = req.url.indexOf('?');
    const answer = answers.get(query < 0 ? req.url : req.url.slice(0, query));
    // Only what serveWeb's catch-all route would answer: a path with a route of its own (robots.txt) keeps it. Asked
    // after the path (Fastify builds routeOptions anew on each read), so other requests do not pay for it.
    if (!answer || req.routeOptions.url !== '/*') return done();
    reply.hijack();
    if (req.headers['if-none-match'] === answer.asset.etag) {
      reply.raw.writeHead(304, answer.notModified);
      return void reply.raw.end();
    }
    const { headers, body } = answer.byEncoding[pickEncoding(answer.asset, req.headers['accept-encoding']).encoding ?? 'identity'] as { headers: OutgoingHttpHeaders; body: Buffer };
    reply.raw.writeHead(200, headers);
    reply.raw.end(body);
  });
}

/** JSON inside <script type="application/json">: no '<' can close the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The shell's entry as HtmlWebpackPlugin writes it. */
const ENTRY_SCRIPT = /<script defer(?:="?defer"?)? src="?([^" >]+)"?><\/script>/;

/** How a server-rendered page starts the shell: its HTML and the CSP hash of its inline script. */
export interface ScriptStart {
  html: string;
  hash: string;
}

/**
 * A server-rendered page is complete without its scripts (its actions are links), so it is painted before they
 * are even fetched: the one inline script adds the entry once the browser reports the first contentful paint.
 * Fetched or run earlier (a deferred script, a preload, the first animation frame), the entry's download, compile
 * and run compete with that paint for the CPU, and on a two-core machine they delay it by some 60-100 ms. A hidden
 * tab paints nothing and a browser without paint timing reports nothing: they start it after the first frame, and
 * a timer starts it if no report comes.
 */
export function scriptStart(template: string): ScriptStart | undefined {
  const match = template.match(ENTRY_SCRIPT);
  const src = match?.[1];
  if (!src) return undefined;
  const go = `function go(){if(started++)return;var s=document.createElement('script');s.src=${JSON.stringify(src)};document.head.appendChild(s)}`;
  const painted =
    "var P=window.PerformanceObserver;if(document.visibilityState=='visible'&&P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0){" +
    "new P(function(list){list.getEntriesByName('first-contentful-paint').length&&go()}).observe({type:'paint',buffered:true});setTimeout(go,3000)}" +
    'else{requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,250)}';
  const code = `document.addEventListener('DOMContentLoaded',function(){var started=0;${go}${painted}})`;
  return {
    html: `<script>${code}</script>`,
    hash: `sha256-${createHash('sha256').update(code).digest('base64')}`,
  };
}

/**
 * The shell's index.html with a server-rendered page: its head (title, description, canonical address, the news
 * feeds, Open Graph with the share card, Twitter's large card, an article's publication time),
 * the styles of the HTML inline (so the first paint waits for no other request, and nothing restyles when the
 * code arrives), the HTML, and the data it was rendered with for the browser to hydrate from. Without styles, no
 * style element (what PageStyles reads the page's selectors from).
 */
export function pageDocument(template: string, page: SsrRendered, publicUrl: string, styles: string, start?: ScriptStart): string {
  const { head } = page;
  const product = page.payload.publicConfig.brand.product;
  const canonical = `${publicUrl}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...NEWS_FEEDS.links.map((feed) => `<link rel="alternate" type="${feed.type}" title="${escapeHtml(NEWS_FEEDS.title(product))}" href="${escapeHtml(publicUrl + feed.path)}">`),
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:site_name" content="${escapeHtml(product)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(publicUrl + SHARE_IMAGE.path)}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(SHARE_IMAGE.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    head.publishedTime ? `<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}">` : '',
    styles ? `<style>${styles.replace(/<\/(style)/gi, '<\\/$1')}</style>` : '',
  ].join('');
  return template
    .replace(ENTRY_SCRIPT, (tag) => (start ? start.html : tag))
    .replace(/<meta name="?description"?[^>]*>/, '')
    // Replacer functions: the page's text may hold '$' patterns that a replacement string would expand.
    .replace(/<title>[^<]*<\/title>/, () => tags)
    .replace(
      /<div id="?root"?>(?:<noscript>[\s\S]*?<\/noscript>)?<\/div>/,
      () => `<div id="root">${page.html}</div><script id="${SSR_PAYLOAD_ID}" type="application/json">${scriptJson(page.payload)}</script>`,
    );
}

/**
 * Embedded mode: the api serves the built shell at / and each remote under /remotes/<name>/, with the runtime
 * manifest at /remotes.json (read per request, so it can be switched live). Other page paths get the shell's
 * index.html; /api paths and missing files are 404.
 */
export async function serveWeb(app: NestFastifyApplication, config: AppConfig, { dist, assets, indexHtml }: BuiltWeb): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const template = readFileSync(join(dist, 'shell', 'index.html'), 'utf8');
  /** The shell for a page search engines must not list (isPrivatePage): the same, with robots noindex in its head. */
  const noindex = `<meta name="${ROBOTS_NOINDEX.name}" content="${ROBOTS_NOINDEX.content}">`;
  const privateIndexHtml = variantOf(indexHtml, Buffer.from(template.replace(/<title>/, () => `${noindex}<title>`)));
  const styles = new PageStyles(serverRenderedStyles(assets));
  const start = scriptStart(template);
  const renderer = app.get(SiteRenderer, { strict: false });
  const logger = new Logger('ServerRendering');
  // Worked out again only when the manifest's text changes: a page request does not parse it (issue 27: cold pages).
  let policy: { manifest: string; text: string } | undefined;
  const policyFor = (manifest: string) => {
    if (policy?.manifest !== manifest) policy = { manifest, text: shellContentSecurityPolicy(manifest, renderer && start ? [start.hash] : []) };
    return policy.text;
  };

  const documentOf = (page: SsrRendered) => async () => {
    const bare = pageDocument(template, page, config.publicUrl, '', start);
    return pageDocument(template, page, config.publicUrl, await styles.forDocument(bare), start);
  };
  // A page is put together and compressed (brotli, what browsers ask for) when it is rendered, not for its first visitor.
  renderer?.onRendered?.((page) => void documentFor(page, 'br', documentOf(page)).catch(() => undefined));

  fastify.get('/remotes.json', (_req, reply) => {
    reply.header('Cache-Control', NO_CACHE).type('application/json').send(readManifest(config));
  });
  fastify.get('/*', (req, reply) => {
    const path = req.url.split('?')[0];
    // The built files were answered ahead of this route (answerFilesFirst); what is left is a page or a 404.
    const asset = assets.get(path);
    // A path naming a file (favicon.ico, a missing chunk) that is not there is a 404, never the page.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    const wantsHtml = /text\/html|\*\/\*/.test(req.headers.accept ?? '*/*');
    if (asset !== indexHtml && (path.startsWith('/api/') || path === '/api' || path.startsWith('/remotes/') || isFile || !wantsHtml)) {
      return reply.code(404).send(toApiError(new NotFoundException(`Cannot GET ${req.url}`)));
    }
    reply.header('Content-Security-Policy', policyFor(readManifest(config)));
    const shell = isPrivatePage(resolvePage(path, config.brand.product)) ? privateIndexHtml : indexHtml;
    if (!renderer || req.headers['if-none-match'] === shell.etag) return sendAsset(req, reply, shell);
    return renderer.render(req.url).then(
      (page) => {
        if (!page) return sendAsset(req, reply, shell);
        return documentFor(page, req.headers['accept-encoding'], documentOf(page)).then(({ body, encoding }) => {
          if (encoding) reply.header('Content-Encoding', encoding);
          for (const [name, value] of DOCUMENT_HEADERS) reply.header(name, value);
          return reply.code(page.status).header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
        });
      },
      (error: Error) => {
        // The browser renders the page itself from the plain shell, as without server rendering.
        logger.error(`Could not render ${req.url} on the server: ${error.stack ?? error.message}`);
        return sendAsset(req, reply, shell);
      },
    );
  });
}

/**
 * The CSS a server-rendered page needs before any script runs, as one text: the shell's files (the UI kit and the
 * shared libs' styles, each built once), then the marketing area's own (`area-styles`, named by
 * tools/webpack/web-app.js: its copies of what the shell has are left out).
 */
function serverRenderedStyles(assets: Map<string, WebAsset>): string {
  const cssOf = (prefix: string, name: RegExp) => [...assets.keys()].filter((path) => path.startsWith(prefix) && name.test(path.slice(prefix.length)) && path !== LAYOUT_TEXTS.noScript.stylesheet).sort();
  const texts = [...cssOf('/', /^[^/]+\.css$/), ...cssOf('/remotes/marketing/', /^area-styles\.[^/]+\.css$/)].map((path) =>
    (assets.get(path) as WebAsset).bodies.identity
      .toString('utf8')
      .replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '')
      .trim(),
  );
  return texts.join('\n');
}

/**
 * Finished documents by rendered page: put together once (with its styles worked out), then compressed once per
 * encoding. The renderer hands out the same page while it is cached, so this is once per render, not per request;
 * it goes with its page.
 */
const documents = new WeakMap<SsrRendered, { text: Promise<string>; byEncoding: Map<string, Promise<Encoded>> }>();

function documentFor(page: SsrRendered, acceptEncoding: string | undefined, html: () => Promise<string>): Promise<Encoded> {
  const encoding = preferredEncoding(acceptEncoding);
  let doc = documents.get(page);
  if (!doc) documents.set(page, (doc = { text: html(), byEncoding: new Map() }));
  let done = doc.byEncoding.get(encoding);
  if (!done) doc.byEncoding.set(encoding, (done = doc.text.then((text) => compressed(text, encoding))));
  return done;
}
