import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { KeptAnswer } from './kept-answer';
import { PublicReadCache } from './public-reads';

/** A public read whose answer is a list of `items` rows (about 60 bytes each), behind a PublicReadCache. */
async function listOf(items: number) {
  const fastify = Fastify();
  new PublicReadCache().attach(fastify);
  let runs = 0;
  const rows = Array.from({ length: items }, (_, i) => ({ id: i, name: `Solvr Setup ${i}`, platform: 'windows' }));
  fastify.get('/list', { config: { publicRead: { tag: 'files', ttlMs: 60_000 } } }, async () => {
    runs += 1;
    return rows;
  });
  await fastify.ready();
  const get = (encoding?: string) => fastify.inject({ method: 'GET', url: '/list', headers: encoding ? { 'accept-encoding': encoding } : {} });
  return { fastify, get, runs: () => runs, json: JSON.stringify(rows) };
}

describe('KeptAnswer', () => {
  it('replays a large JSON answer in brotli or gzip as the request accepts, as it is otherwise', async () => {
    const { fastify, get, runs, json } = await listOf(1000);
    expect((await get('br')).body).toBe(json);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(json.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);
    const plain = await get('br;q=0, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body).toBe(json);
    expect(runs()).toBe(1);
    await fastify.close();
  });

  it('replays a small answer as it is, whatever the request accepts', async () => {
    const { fastify, get, json } = await listOf(3);
    await get();
    const again = await get('br, gzip');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers['vary']).toBeUndefined();
    expect(again.body).toBe(json);
    await fastify.close();
  });

  it('knows an answer made again with the same headers and bytes (its twins then serve on), and one that differs', () => {
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    const body = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i, name: `File ${i}` })));
    const kept = new KeptAnswer(headers, body);
    expect(kept.holds({ ...headers }, Buffer.from(body))).toBe(true);
    expect(kept.holds(headers, body.replace('File 7', 'File 8'))).toBe(false);
    expect(kept.holds({ ...headers, 'cache-control': 'no-cache' }, body)).toBe(false);
  });
});
