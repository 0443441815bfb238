import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What an SDK client sends: its app id and page address, the service role's on-behalf-of, the functions version. */
export const PLATFORM_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-App-Id',
  'X-Origin-URL',
  'On-Behalf-Of',
  'Base44-Functions-Version',
  'Base44-State',
  'X-Base44-Anonymous-Id',
  'X-Data-Env',
];
const PREFIX = '/api/apps/';

/**
 * Cross-origin calls to the platform layer (/api/apps/...) from the origins in PLATFORM_CORS_ORIGINS (`*`: any),
 * with the SDK's headers allowed, by @fastify/cors. Credentials are bearer tokens the app sends itself, never
 * cookies, so no Access-Control-Allow-Credentials. Every other path is left as it was (its OPTIONS route hands a
 * request there to the not-found answer); without the setting nothing is registered: same-origin apps need no CORS.
 */
export async function registerPlatformCors(fastify: FastifyInstance, origins: '*' | readonly string[]): Promise<void> {
  if (origins !== '*' && !origins.length) return;
  const platform: FastifyCorsOptions = {
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: PLATFORM_REQUEST_HEADERS,
    maxAge: 600,
  };
  await fastify.register(cors, {
    delegator: (req, callback) => callback(null, req.url.startsWith(PREFIX) ? platform : { origin: false }),
  });
}
