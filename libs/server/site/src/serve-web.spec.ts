import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { brotliCompressSync, brotliDecompressSync } from 'zlib';
import { DEFAULT_PUBLIC_CONFIG, SSR_PAYLOAD_ID, type SsrRendered } from '@solvr/contracts';
import type { AppConfig } from '@solvr/server-core';
import { answerFilesFirst, builtWeb, pageDocument, scriptStart, shellContentSecurityPolicy } from './serve-web';

const TEMPLATE =
  '<!doctype html><html><head><title>Solvr</title><meta name="description" content="x"><script defer src="/main.0123456789ab.js"></script></head><body><div id="root"></div></body></html>';

describe('serve-web', () => {
  const dist = mkdtempSync(join(tmpdir(), 'solvr-web-'));
  const script = Buffer.from('console.log("shell");'.repeat(100));
  mkdirSync(join(dist, 'shell'));
  writeFileSync(join(dist, 'shell', 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'shell', 'main.0123456789ab.js'), script);
  writeFileSync(join(dist, 'shell', 'main.0123456789ab.js.br'), brotliCompressSync(script));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  describe('answerFilesFirst', () => {
    const web = builtWeb({ web: { distDir: dist }, env: 'test' } as AppConfig);
    const app = Fastify();
    let hooksAfter = 0;
    beforeAll(async () => {
      answerFilesFirst(app, web as NonNullable<typeof web>, { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" });
      app.addHook('onRequest', (_req, _reply, done) => {
        hooksAfter += 1;
        done();
      });
      app.get('/robots.txt', () => 'own route');
      app.get('/*', () => 'page');
      await app.ready();
    });
    afterAll(() => app.close());

    it('answers a built file ahead of the later hooks, in the encoding asked for, with the headers every answer gets but a policy', async () => {
      const res = await app.inject({ url: '/main.0123456789ab.js?v=1', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload)).toEqual(script);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(hooksAfter).toBe(0);
      const plain = await app.inject({ url: '/main.0123456789ab.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload).toEqual(script);
      const again = await app.inject({ url: '/main.0123456789ab.js', headers: { 'if-none-match': res.headers.etag as string } });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    });

    it('leaves to their routes a path with a route of its own, pages and missing files', async () => {
      expect((await app.inject({ url: '/robots.txt' })).body).toBe('own route');
      expect((await app.inject({ url: '/NewsPage' })).body).toBe('page');
      expect((await app.inject({ url: '/index.html' })).body).toBe('page');
      expect((await app.inject({ url: '/missing.0123456789ab.js' })).body).toBe('page');
      expect(hooksAfter).toBe(4);
    });
  });

  describe('the page document', () => {
    const page: SsrRendered = {
      html: '<main>Price: $& $1 — <b>ok</b></main>',
      head: { title: 'News & "updates"', description: 'A <b>post</b>', canonicalPath: '/NewsPage', type: 'article', publishedTime: '2026-12-01T00:00:00.000Z' },
      payload: { url: '/NewsPage', publicConfig: DEFAULT_PUBLIC_CONFIG, data: { note: '</script><script>alert(1)</script>' } } as unknown as SsrRendered['payload'],
      status: 200,
    };

    it('puts the head, styles, page and payload in the shell, escaped, with the entry started after the first paint', () => {
      const start = scriptStart(TEMPLATE);
      const doc = pageDocument(TEMPLATE, page, 'https://solvr.test', '.a{color:red}</style><i>', start);
      expect(doc).toContain('<title>News &amp; &quot;updates&quot;</title>');
      expect(doc).toContain('<meta name="description" content="A &lt;b&gt;post&lt;/b&gt;">');
      expect(doc).toContain('<link rel="canonical" href="https://solvr.test/NewsPage">');
      expect(doc).toContain('<meta property="article:published_time" content="2026-12-01T00:00:00.000Z">');
      // The page's '$' patterns stay as written; the styles cannot close their element.
      expect(doc).toContain('<div id="root"><main>Price: $& $1 — <b>ok</b></main></div>');
      expect(doc).toContain('<style>.a{color:red}<\\/style><i></style>');
      // The payload cannot end its script element early.
      const payload = doc.slice(doc.indexOf(`<script id="${SSR_PAYLOAD_ID}"`));
      expect(payload).not.toContain('</script><script>alert');
      expect(JSON.parse(payload.slice(payload.indexOf('>') + 1, payload.indexOf('</script>'))).data.note).toBe('</script><script>alert(1)</script>');
      // The deferred entry is replaced by the script that adds it, whose hash the policy names.
      expect(doc).not.toContain('<script defer src=');
      expect(doc).toContain(start?.html);
      expect(shellContentSecurityPolicy('{}', [start?.hash as string])).toContain(`script-src 'self' '${start?.hash}'`);
    });

    it('lets scripts come only from here and from the origins the remotes manifest names', () => {
      const policy = shellContentSecurityPolicy(JSON.stringify({ admin: 'https://admin.cdn.test/remoteEntry.js', portal: '/remotes/portal/remoteEntry.js' }));
      expect(policy).toContain("script-src 'self' https://admin.cdn.test;");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(shellContentSecurityPolicy('not json')).toContain("script-src 'self';");
    });
  });
});
