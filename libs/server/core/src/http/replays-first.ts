import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, Server } from 'http';
import { performance } from 'perf_hooks';
import type { KeptAnswer } from './kept-answer';

/** A kept answer a GET may be given as it arrives, and the route pattern that made it. */
export interface KeptReplay {
  kept: KeptAnswer;
  route: string;
}

/** Where kept answers come from (PublicReadCache, AccountReadCache): the one for this request, if it is current. */
export interface ReplaySource {
  keptFor(req: IncomingMessage): KeptReplay | undefined;
}

/** An answer replayed ahead of the framework, as those who see every answer need it (request log, metrics, update checks). */
export interface ReplayedAnswer {
  method: string;
  url: string;
  route: string;
  statusCode: number;
  headers: OutgoingHttpHeaders;
  elapsedMs: number;
}

type ReplayWatcher = (answer: ReplayedAnswer) => void;
const watchers = new WeakMap<FastifyInstance, ReplayWatcher[]>();

/** Calls `watcher` with every answer replayed ahead of the framework: what its onResponse hook sees of the others. */
export function onReplayedAnswer(fastify: FastifyInstance, watcher: ReplayWatcher): void {
  const list = watchers.get(fastify) ?? [];
  list.push(watcher);
  watchers.set(fastify, list);
}

/**
 * Kept answers (@PublicRead, @AccountRead) given to a GET as the connection hands it over, before Fastify builds its
 * request and reply, routes and runs its hooks: on a replay that was half of what the api spent. A request with no
 * current answer, and every request once the server is closing, goes on to Fastify, whose own hooks replay too.
 */
export function answerReplaysFirst(fastify: FastifyInstance, sources: ReplaySource[]): void {
  const server: Server = fastify.server;
  const framework = server.listeners('request') as RequestListener[];
  if (framework.length !== 1) throw new Error(`expected Fastify's one request listener, found ${framework.length}`);
  const [handle] = framework;
  server.removeListener('request', handle);
  server.on('request', (req, res) => {
    if (req.method === 'GET' && server.listening) {
      for (const source of sources) {
        const replay = source.keptFor(req);
        if (!replay) continue;
        const started = performance.now();
        void replay.kept.replayTo(req, res).then((headers) => {
          const answer: ReplayedAnswer = { method: 'GET', url: req.url ?? '', route: replay.route, statusCode: 200, headers, elapsedMs: performance.now() - started };
          for (const watcher of watchers.get(fastify) ?? []) watcher(answer);
        });
        return;
      }
    }
    handle(req, res);
  });
}
