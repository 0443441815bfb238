import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'net';
import pino from 'pino';
import { logRequests } from '../logging/logging.module';
import { PublicReadCache } from './public-reads';
import { answerReplaysFirst, onReplayedAnswer, type ReplayedAnswer } from './replays-first';

/** A listening Fastify app whose @PublicRead-style route counts its runs, and counts what reaches Fastify at all. */
async function listening() {
  const cache = new PublicReadCache();
  const fastify: FastifyInstance = Fastify();
  cache.attach(fastify);
  const logLines: Array<{ req: { method: string; url: string }; res: { statusCode: number }; msg: string }> = [];
  logRequests(fastify, pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) }));
  const seen = { handler: 0, fastify: 0 };
  fastify.addHook('onResponse', (_req, _reply, done) => {
    seen.fastify += 1;
    done();
  });
  fastify.get('/api/news/:page', { config: { publicRead: { tag: 'news', ttlMs: 60_000 } } }, async (req, reply) => {
    seen.handler += 1;
    return reply.header('x-made', String(seen.handler)).type('application/json; charset=utf-8').send(JSON.stringify({ page: (req.params as { page: string }).page }));
  });
  const replayed: ReplayedAnswer[] = [];
  onReplayedAnswer(fastify, (answer) => replayed.push(answer));
  await fastify.ready();
  answerReplaysFirst(fastify, [cache]);
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
  return { fastify, cache, seen, replayed, logLines, get: (path: string, method = 'GET') => fetch(base + path, { method }) };
}

describe('answerReplaysFirst', () => {
  let app: Awaited<ReturnType<typeof listening>>;
  beforeEach(async () => (app = await listening()));
  afterEach(() => app.fastify.close());

  it('gives a GET the kept answer before Fastify sees the request, and tells the watchers with the route pattern', async () => {
    const first = await app.get('/api/news/1');
    expect(await first.json()).toEqual({ page: '1' });
    expect(app.seen).toEqual({ handler: 1, fastify: 1 });

    const second = await app.get('/api/news/1');
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ page: '1' });
    expect(second.headers.get('x-made')).toBe('1');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Neither the handler nor any Fastify hook ran: the watchers saw it instead.
    expect(app.seen).toEqual({ handler: 1, fastify: 1 });
    expect(app.replayed).toEqual([expect.objectContaining({ method: 'GET', url: '/api/news/1', route: '/api/news/:page', statusCode: 200 })]);
    expect(app.replayed[0].headers['x-made']).toBe('1');
    // The request log has a line for each, the replay's included.
    expect(app.logLines.map((l) => [l.msg, l.req.method, l.req.url, l.res.statusCode])).toEqual([
      ['request completed', 'GET', '/api/news/1', 200],
      ['request completed', 'GET', '/api/news/1', 200],
    ]);
  });

  it('leaves to Fastify what it has no current answer for: another address, a HEAD, an invalidated tag', async () => {
    await app.get('/api/news/1');
    await app.get('/api/news/2');
    expect(app.seen.handler).toBe(2);

    const head = await app.get('/api/news/1', 'HEAD');
    expect(head.status).toBe(200);
    // Fastify's HEAD route runs the GET handler.
    expect(app.seen).toEqual({ handler: 3, fastify: 3 });

    app.cache.invalidate('news');
    const after = await app.get('/api/news/1');
    expect(after.headers.get('x-made')).toBe('4');
    expect(app.seen).toEqual({ handler: 4, fastify: 4 });
    expect(app.replayed).toEqual([]);
  });

  it('refuses to wrap a server whose request listener is not Fastify\'s one', async () => {
    app.fastify.server.on('request', () => undefined);
    expect(() => answerReplaysFirst(app.fastify, [app.cache])).toThrow(/one request listener/);
  });
});
