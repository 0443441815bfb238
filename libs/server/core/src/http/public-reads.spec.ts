import Fastify, { type FastifyInstance } from 'fastify';
import { PublicReadCache } from './public-reads';

/** A Fastify app with the cache attached and routes that count how often their handler ran. */
async function appWith(cache: PublicReadCache) {
  const fastify: FastifyInstance = Fastify();
  cache.attach(fastify);
  fastify.addHook('onRequest', (_req, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    done();
  });
  const runs = { list: 0, missing: 0, varies: 0, cookie: 0, plain: 0, slow: 0 };
  const config = (ttlMs = 60_000) => ({ config: { publicRead: { tag: 'news', ttlMs } } });
  fastify.get('/list', config(), async (req, reply) => {
    runs.list += 1;
    return reply.type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify({ run: runs.list, query: req.query })));
  });
  // Answers once `release` is called: a read that is still being made while its data changes.
  const slow = { release: () => undefined as void };
  fastify.get('/slow', config(), async () => {
    const run = ++runs.slow;
    await new Promise<void>((release) => (slow.release = release));
    return { run };
  });
  fastify.get('/short', config(30), async () => ({ run: ++runs.plain }));
  fastify.get('/missing', config(), async (_req, reply) => reply.code(404).send({ run: ++runs.missing }));
  fastify.get('/varies', config(), async (_req, reply) => reply.header('Vary', 'Accept-Encoding').send({ run: ++runs.varies }));
  fastify.get('/cookie', config(), async (_req, reply) => reply.header('Set-Cookie', 'a=1').send({ run: ++runs.cookie }));
  fastify.get('/not-declared', async () => ({ run: ++runs.plain }));
  await fastify.ready();
  const get = (url: string, headers: Record<string, string> = {}) => fastify.inject({ method: 'GET', url, headers });
  return { fastify, runs, get, slow };
}

describe('PublicReadCache', () => {
  it('answers a declared public read from its last answer, with the same headers and bytes', async () => {
    const { fastify, runs, get } = await appWith(new PublicReadCache());
    const first = await get('/list?page=1');
    const second = await get('/list?page=1');
    expect(runs.list).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    // Another query is another answer.
    expect(JSON.parse((await get('/list?page=2')).body)).toEqual({ run: 2, query: { page: '2' } });
    await fastify.close();
  });

  it('asks the route again after its owner invalidates the tag, and after the time it allows', async () => {
    const cache = new PublicReadCache();
    const { fastify, runs, get } = await appWith(cache);
    await get('/list');
    cache.invalidate('other');
    await get('/list');
    expect(runs.list).toBe(1);
    cache.invalidate('news');
    expect(JSON.parse((await get('/list')).body).run).toBe(2);

    await get('/short');
    await get('/short');
    expect(runs.plain).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await get('/short');
    expect(runs.plain).toBe(2);
    await fastify.close();
  });

  it('keeps only what is the same for everyone: 200s without Vary or a cookie, on declared routes', async () => {
    const { fastify, runs, get } = await appWith(new PublicReadCache());
    for (let i = 0; i < 2; i++) {
      await get('/missing');
      await get('/varies');
      await get('/cookie');
      await get('/not-declared');
    }
    expect(runs).toEqual({ list: 0, missing: 2, varies: 2, cookie: 2, plain: 2, slow: 0 });
    await fastify.close();
  });

  it('answers signed-in and anonymous callers from one kept answer, whichever of them made it', async () => {
    const { fastify, runs, get } = await appWith(new PublicReadCache());
    const signedIn = await get('/list', { authorization: 'Bearer abc' });
    const anonymous = await get('/list');
    const other = await get('/list', { authorization: 'Bearer xyz' });
    expect(runs.list).toBe(1);
    expect([anonymous.body, other.body]).toEqual([signedIn.body, signedIn.body]);
    await fastify.close();
  });

  it('does not keep an answer whose data changed while it was being made: the next request reads again', async () => {
    const cache = new PublicReadCache();
    const { fastify, runs, get, slow } = await appWith(cache);
    const before = get('/slow');
    await waitFor(() => runs.slow === 1);
    // A write lands while the read is on its way: what it read may be from before.
    cache.invalidate('news');
    slow.release();
    expect(JSON.parse((await before).body).run).toBe(1);
    const after = get('/slow');
    await waitFor(() => runs.slow === 2);
    slow.release();
    expect(JSON.parse((await after).body).run).toBe(2);
    // Unchanged meanwhile, an answer is kept as before.
    expect(JSON.parse((await get('/slow')).body).run).toBe(2);
    await fastify.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (const until = Date.now() + 2000; !condition(); await new Promise((r) => setTimeout(r, 1))) {
    if (Date.now() > until) throw new Error('the route was not asked (a kept answer was replayed instead)');
  }
}
