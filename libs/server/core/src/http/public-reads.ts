import { applyDecorators, Injectable } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, OutgoingHttpHeaders } from 'http';
import { KeptAnswer } from './kept-answer';
import type { KeptReplay, ReplaySource } from './replays-first';

/** What a route declares with @PublicRead: the tag its owner invalidates, and how long another replica may lag. */
interface PublicReadOptions {
  tag: string;
  ttlMs: number;
}

interface Answer extends KeptReplay {
  tag: string;
  expires: number;
}

/** Headers that belong to one connection or one answer, never replayed. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Different query strings are different answers; past this many the cache starts again (a flood of made-up ones). */
const MAX_ANSWERS = 256;
/** The tag's version a request's read started under (set on a miss, checked when its answer would be kept). */
const VERSION = Symbol('publicReadVersion');

type PublicRequest = FastifyRequest & { [VERSION]?: number };

const optionsOf = (req: FastifyRequest): PublicReadOptions | undefined => (req.routeOptions.config as { publicRead?: PublicReadOptions } | undefined)?.publicRead;

/**
 * A public read that answers everyone alike (no account, cookie or request header changes it): its last 200 answer per
 * address is replayed, headers and bytes, to anonymous and signed-in callers (the web sends its token with every
 * call), ahead of the framework's guards, pipes and handler, until the route's owner invalidates the tag (its own
 * writes) or `ttlMs` has passed (another replica's writes).
 */
export const PublicRead = (tag: string, ttlMs: number) => applyDecorators(RouteConfig({ publicRead: { tag, ttlMs } satisfies PublicReadOptions }));

/** The answers of @PublicRead routes, one cache per app. */
@Injectable()
export class PublicReadCache implements ReplaySource {
  private readonly answers = new Map<string, Answer>();
  private readonly versions = new Map<string, number>();

  /**
   * Forgets every kept answer of routes with this tag: the data behind them changed. An answer being made meanwhile
   * may have read the data before the change: it is sent, not kept.
   */
  invalidate(tag: string): void {
    this.versions.set(tag, this.versionOf(tag) + 1);
    for (const [url, answer] of this.answers) if (answer.tag === tag) this.answers.delete(url);
  }

  /** Registers the replay (first among the request hooks, so a hit skips the rest) and the keeping of answers. */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req: PublicRequest, reply, done) => {
      const answer = this.freshFor(req);
      if (answer) return answer.kept.replay(req, reply);
      const options = optionsOf(req);
      if (options) req[VERSION] = this.versionOf(options.tag);
      done();
    });
    fastify.addHook('onSend', (req: PublicRequest, reply, payload, done) => {
      const options = optionsOf(req);
      if (options && req[VERSION] === this.versionOf(options.tag) && reply.statusCode === 200 && isGet(req) && !this.freshFor(req) && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const headers = keptHeaders(reply);
        if (headers) {
          if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
          this.answers.set(req.url, { tag: options.tag, expires: Date.now() + options.ttlMs, kept: new KeptAnswer(headers, payload), route: req.routeOptions.url ?? req.url });
        }
      }
      done(null, payload);
    });
  }

  /** The current answer for a GET of this address (answerReplaysFirst asks before any route is found: only a @PublicRead route's answer is kept under it). */
  keptFor(req: IncomingMessage): Answer | undefined {
    const answer = req.method === 'GET' && req.url ? this.answers.get(req.url) : undefined;
    if (!answer) return undefined;
    if (answer.expires > Date.now()) return answer;
    this.answers.delete(req.url as string);
    return undefined;
  }

  private versionOf(tag: string): number {
    return this.versions.get(tag) ?? 0;
  }

  private freshFor(req: FastifyRequest): Answer | undefined {
    return optionsOf(req) ? this.keptFor(req.raw) : undefined;
  }
}

/**
 * A token changes nothing on these routes (on a public route the guard only reads it, and ignores it if it does not
 * count), so a signed-in GET gets, and makes, the same shared answer as an anonymous one.
 */
const isGet = (req: FastifyRequest) => req.method === 'GET';

/**
 * The headers an answer is replayed with: its own, less the per-connection ones; undefined when the answer is not
 * the same on every replay (it varies by a request header, or sets a cookie).
 */
export function keptHeaders(reply: FastifyReply): OutgoingHttpHeaders | undefined {
  const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([name]) => !PER_ANSWER.has(name.toLowerCase())));
  return 'vary' in headers || 'set-cookie' in headers ? undefined : headers;
}
