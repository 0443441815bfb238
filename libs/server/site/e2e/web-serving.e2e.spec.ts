// tiers: sqlite
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { get, type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { type ApiApp, createApi, createTestEnv, TestEnv, CHUNK_TEXT, fakeWebDist, HASHED_CHUNK } from '@solvr/server-testing';

/** The bytes as sent (Node's http client does not decode them, unlike supertest and fetch). */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the built frontends (embedded mode)', () => {
  let t: TestEnv;
  let app: ApiApp;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    t = await createTestEnv('sqlite');
    app = await createApi(t.config({ WEB_DIST_DIR: fakeWebDist() }));
    await app.listen(0, '127.0.0.1');
  });
  const port = () => (app.getHttpServer().address() as AddressInfo).port;
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  it('sends the brotli or gzip file built next to a chunk, as the browser accepts', async () => {
    const br = await rawGet(port(), `/${HASHED_CHUNK}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(CHUNK_TEXT);
    const gz = await rawGet(port(), `/${HASHED_CHUNK}`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(CHUNK_TEXT);
    const plain = await rawGet(port(), `/${HASHED_CHUNK}`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK_TEXT);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('lets hashed files be cached for ever and makes the entry points revalidate', async () => {
    expect((await http().get(`/${HASHED_CHUNK}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/Dashboard', '/remotes/marketing/remoteEntry.js', '/remotes.json']) {
      expect([path, (await http().get(path).set('Accept', 'text/html,*/*')).headers['cache-control']]).toEqual([path, 'no-cache']);
    }
  });

  it('answers a current copy with 304', async () => {
    const first = await http().get('/remotes/marketing/remoteEntry.js').expect(200);
    await http().get('/remotes/marketing/remoteEntry.js').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('answers HEAD and a query string on a built file as a file server does', async () => {
    const full = await rawGet(port(), `/${HASHED_CHUNK}?v=2`, { 'Accept-Encoding': 'identity' });
    expect(full.body.toString()).toBe(CHUNK_TEXT);
    const head = await http().head(`/${HASHED_CHUNK}`).expect(200);
    expect([head.headers['content-length'], head.headers.etag, head.text]).toEqual([String(Buffer.byteLength(CHUNK_TEXT)), full.headers.etag, undefined]);
  });

  it('serves source maps outside production', async () => {
    await http().get(`/${HASHED_CHUNK}.map`).expect(200);
  });

  it('tells search engines not to list a private page (isPrivatePage): signed-in pages, account steps, Unsubscribe', async () => {
    const noindex = '<meta name="robots" content="noindex">';
    for (const path of ['/Dashboard', '/Admin', '/SolvrDownload', '/signin', '/Signup', '/VerifyYourEmail', '/ResetPassword?token=x', '/Unsubscribe?token=x']) {
      const res = await http().get(path).set('Accept', 'text/html').expect(200);
      expect([path, res.text]).toEqual([path, `<!doctype html>${noindex}<title>Solvr</title><div id="root"></div>`]);
      await http().get(path).set('Accept', 'text/html').set('If-None-Match', res.headers.etag).expect(304);
      const br = await rawGet(port(), path, { Accept: 'text/html', 'Accept-Encoding': 'br' });
      expect([path, br.headers['content-encoding'], brotliDecompressSync(br.body).toString()]).toEqual([path, 'br', res.text]);
    }
    for (const path of ['/', '/Landing', '/About', '/NewsPage?post=x', '/HowItWorks', '/Proof']) {
      expect([path, (await http().get(path).set('Accept', 'text/html').expect(200)).text]).toEqual([path, '<!doctype html><title>Solvr</title><div id="root"></div>']);
    }
  });
});

describe('a remotes manifest switched while the api runs (REMOTES_MANIFEST)', () => {
  let t: TestEnv;
  let app: ApiApp;
  let dir: string;
  const http = () => request(app.getHttpServer());
  const manifestAt = (origin: string) => JSON.stringify({ marketing: `${origin}/remoteEntry.js`, portal: '/remotes/portal/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'solvr-manifest-'));
    writeFileSync(join(dir, 'remotes.json'), manifestAt('https://first.example'));
    t = await createTestEnv('sqlite');
    app = await createApi(t.config({ WEB_DIST_DIR: fakeWebDist(), REMOTES_MANIFEST: join(dir, 'remotes.json') }));
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets a page load scripts from the manifest's origins as the file says now", async () => {
    const policy = async () => (await http().get('/Dashboard').set('Accept', 'text/html').expect(200)).headers['content-security-policy'];
    expect(await policy()).toContain('https://first.example');
    writeFileSync(join(dir, 'remotes.json'), manifestAt('https://second.example'));
    const now = await policy();
    expect(now).toContain('https://second.example');
    expect(now).not.toContain('https://first.example');
    expect((await http().get('/remotes.json').expect(200)).body.marketing).toBe('https://second.example/remoteEntry.js');
  });
});
