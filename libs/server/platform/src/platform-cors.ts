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
const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const PREFIX = '/api/apps/';

/**
 * Cross-origin calls to the platform layer (/api/apps/...) from the origins in PLATFORM_CORS_ORIGINS (`*`: any),
 * with the SDK's headers allowed. Credentials are bearer tokens the app sends itself, never cookies, so no
 * Access-Control-Allow-Credentials. Without the setting nothing changes: same-origin apps need no CORS.
 */
export function registerPlatformCors(fastify: FastifyInstance, origins: '*' | readonly string[]): void {
  if (origins !== '*' && !origins.length) return;
  fastify.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!origin || !req.url.startsWith(PREFIX)) return done();
    const allowed = origins === '*' || origins.includes(origin);
    reply.header('Vary', 'Origin');
    if (allowed) reply.header('Access-Control-Allow-Origin', origins === '*' ? '*' : origin);
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return done();
    // A preflight: answered here (no route has OPTIONS); a refused origin gets no allow headers, so the browser stops.
    if (allowed) {
      reply.header('Access-Control-Allow-Methods', METHODS);
      reply.header('Access-Control-Allow-Headers', PLATFORM_REQUEST_HEADERS.join(', '));
      reply.header('Access-Control-Max-Age', '600');
    }
    reply.code(204).send();
  });
}
