import { RequestMethod, BadRequestException, ValidationPipe } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'http';
import { constants as zlib } from 'node:zlib';
import helmet from 'helmet';
import { MESSAGES } from '@solvr/contracts';
import { AppConfig, sizeInBytes } from '../config/app-config';
import { logRequests, PinoNestLogger, ROOT_LOGGER } from '../logging/logging.module';
import { AllExceptionsFilter, BodyRejected } from './all-exceptions.filter';
import { registerNoStore } from './no-store';
import { registerMultipartStreams } from './multipart-streams';
import { keepRawBodyIfAsked } from './raw-body';
import { headersSetBy } from './web-assets';

const JSON_MAX_DEPTH = 32;
/** The answer types worth compressing on the way out: the api's JSON and the update and news feeds. */
const COMPRESSED_TYPES = /^(application\/(json|xml|yaml|x-yaml|[a-z.+-]+\+(json|xml))|text\/(yaml|xml))\b/;

/** How deeply arrays and objects nest in a parsed JSON value, counted without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > JSON_MAX_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Routes the api serves at the site's root, not under /api: the installers at /downloads/{file name} (spec
 * section 7), the news feeds, the sitemap and robots.txt.
 */
export const SITE_ROOT_ROUTES = ['downloads/:name', 'rss.xml', 'atom.xml', 'sitemap.xml', 'robots.txt'];

/** The Fastify adapter with the settings that must be given at construction. */
export function httpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: sizeInBytes(config.bodyLimit),
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    // Request lines come from our own onResponse hook (logRequests).
    logger: false,
  });
}

/** The built frontends' serving in embedded mode: the site lib's (siteServing), given by the app that has it. */
export interface WebServing {
  /** Ahead of every other request hook: the built files, with the headers every answer gets. */
  answerFilesFirst(fastify: FastifyInstance, everyAnswer: OutgoingHttpHeaders): void;
  /** The pages and the remotes' manifest: routes registered before the app starts. */
  serve(app: NestFastifyApplication): Promise<void>;
}

/** The one HTTP set-up shared by main.ts and the e2e tests, so both behave alike. Leaves the app ready to serve. */
export async function configureHttp(
  app: NestFastifyApplication,
  config: AppConfig,
  opts: { web?: WebServing; metrics?: { attach(fastify: FastifyInstance): void } } = {},
): Promise<void> {
  app.useLogger(app.get(PinoNestLogger));
  app.flushLogs();
  app.setGlobalPrefix('api', { exclude: SITE_ROOT_ROUTES.map((path) => ({ path, method: RequestMethod.GET })) });
  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, app.get(ROOT_LOGGER));
  // Request counts and latency per route, when metrics are served (METRICS_PORT): before any route is registered.
  opts.metrics?.attach(fastify);
  registerNoStore(fastify);
  // Every answer gets the headers that act on any response: a closed policy (the shell's pages get their own from
  // the site lib's serve-web, naming the origins the remotes are loaded from), nosniff, the referrer and resource policies, HSTS
  // on https. The headers only a document acts on go on the pages alone (serve-web: DOCUMENT_HEADERS); on a JSON
  // answer they were a quarter of a public read's time. helmet built once: @fastify/helmet builds it per request.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    // Remotes may live on other origins (their own deployments) and are loaded as scripts.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // The built files first of all (embedded mode): their answers, these headers included, are made at start.
  const { web } = opts;
  web?.answerFilesFirst(fastify, headersSetBy(securityHeaders));

  await app.register(fastifyCookie);
  // An ETag on every buffered answer, and 304 when the browser's copy is current; the tag is of the plain bytes, so
  // it is registered ahead of compression (hooks run in the order they are added).
  await app.register(fastifyEtag);
  // JSON and feed answers over a packet in brotli or gzip, made per answer. Brotli's default level (11) costs tens
  // of ms for a large answer; level 1 is cheap enough per answer.
  // Pages and built files come compressed already (Content-Encoding set); stored files are of other types.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Request bodies are taken as sent, as before: a compressed upload is no format the api accepts.
    globalDecompression: false,
    threshold: 1400,
    // Answers up to 64 KB (a library page is about 25 KB) in one zlib call rather than a stream per answer: on these
    // two-core machines a stream's setup and threadpool hops cost several times the compression (the plugin's own
    // advice for small hosts; brotli level 1 of 64 KB holds the loop well under a millisecond).
    syncThreshold: 65536,
    customTypes: COMPRESSED_TYPES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  });
  fastify.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // Uploads stream through busboy; the files module sets its own size limit per route.
  await registerMultipartStreams(fastify);

  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const first = errors[0];
        const text = first?.constraints ? Object.values(first.constraints)[0] : `${first?.property} is invalid`;
        return new BadRequestException(text);
      },
    }),
  );
  app.useGlobalFilters(new AllExceptionsFilter(config.bodyLimit));
  await web?.serve(app);
  await app.init();
  // Replaces the JSON parser Nest registers during init: a malformed body gets a sentence a person understands.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    keepRawBodyIfAsked(req, body as string);
    if (body === '') return done(null, {});
    parseJson(req, body as string, (err, value) => {
      if (err) return done(new BodyRejected(MESSAGES.http.malformedJson, 400), undefined);
      // Refused before validation walks it: a deeply nested body would exhaust the stack there.
      if (depthOf(value) > JSON_MAX_DEPTH) return done(new BodyRejected(MESSAGES.http.tooDeep(JSON_MAX_DEPTH), 400), undefined);
      done(null, value);
    });
  });
  await fastify.ready();
}
