import { readFile } from 'fs/promises';
import { createRequire } from 'module';
import { dirname, join } from 'path';
import { promisify } from 'util';
import { brotliCompress, constants, gzip } from 'zlib';
import { etagOf, type WebAsset } from '@solvr/server-core';

/**
 * The reference page's own policy, in place of the closed one every answer gets: scripts and styles from this origin
 * only (no inline script: the start-up is a file of ours), the document fetched from here, and the data: icons of
 * Swagger UI's style sheet.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const pageHtml = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** Swagger UI's BaseLayout (the standalone preset's top bar carries an inline style), without the remote validator. */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A body held in memory with its compressed twins, made off the event loop (the bundle is 1.5 MB). */
export async function memoryAsset(type: string, identity: Buffer, cacheControl = 'no-cache'): Promise<WebAsset> {
  const [br, gz] = await Promise.all([brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzipped(identity)]);
  return { type, cacheControl, etag: etagOf(identity), bodies: { identity, br, gzip: gz } };
}

// Resolved from the entry script, as at run time (webpack would turn a require.resolve into a module id).
const swaggerUiDir = () => dirname(createRequire(process.argv[1] || join(process.cwd(), 'index.js')).resolve('swagger-ui-dist/package.json'));

/** The files of the reference page by name under /api/docs/, made on first use. */
export const DOCS_FILES: Record<string, () => Promise<WebAsset>> = {
  'swagger-ui.css': async () => memoryAsset('text/css; charset=utf-8', await readFile(join(swaggerUiDir(), 'swagger-ui.css'))),
  'swagger-ui-bundle.js': async () => memoryAsset('text/javascript; charset=utf-8', await readFile(join(swaggerUiDir(), 'swagger-ui-bundle.js'))),
  'start.js': () => memoryAsset('text/javascript; charset=utf-8', Buffer.from(START)),
};

export const docsPage = (title: string): Promise<WebAsset> => memoryAsset('text/html; charset=utf-8', Buffer.from(pageHtml(title)));
