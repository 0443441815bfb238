import { applyDecorators, Injectable } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'http';
import { LRUCache } from 'lru-cache';
import type { SessionUser } from '../access/access.decorators';
import { bearerToken } from '../access/access.guard';
import { type AccessState, AccessService } from '../access/access.service';
import { KeptAnswer } from './kept-answer';
import { keptHeaders } from './public-reads';
import type { KeptReplay, ReplaySource } from './replays-first';

/** What a route declares with @AccountRead: the tags of the data besides the caller's account its answer shows. */
interface AccountReadOptions {
  tags: string[];
}

interface Answer extends KeptReplay {
  /** The caller's access state the answer was made under: a newer state (a write, or ACCESS_STATE_MS passed) makes it stale. */
  state: AccessState;
  /** The route's tags, and their versions when the answer's read started. */
  tags: string[];
  versions: number[];
}

/** Kept answers in all, in bytes: a library list is hundreds of KB per caller. */
const MAX_BYTES = 64 * 1024 * 1024;
/** The route's tags and their versions a request's read started under (set on a miss, used when its answer is kept). */
const VERSIONS = Symbol('accountReadVersions');

type AccountRequest = FastifyRequest & { user?: SessionUser; [VERSIONS]?: { tags: string[]; versions: number[] } };

const optionsOf = (req: FastifyRequest): AccountReadOptions | undefined => (req.routeOptions.config as { accountRead?: AccountReadOptions } | undefined)?.accountRead;

/**
 * A signed-in read whose answer depends only on the caller's account and the tagged data: its last 200 answer per
 * caller and address is replayed once the token is verified, ahead of the framework's guards, pipes and handler.
 * It lives as long as the access state it was made under (the account's own writes and ACCESS_STATE_MS renew that)
 * and until the owner of a tag invalidates it (its writes on this replica; another replica's within the same time).
 */
export const AccountRead = (...tags: string[]) => applyDecorators(RouteConfig({ accountRead: { tags } satisfies AccountReadOptions }));

/** The answers of @AccountRead routes, one cache per app. */
@Injectable()
export class AccountReadCache implements ReplaySource {
  private readonly versions = new Map<string, number>();
  /** Answers being made by key, settled once sent (or the connection closed). */
  private readonly making = new Map<string, Promise<void>>();
  private readonly answers = new LRUCache<string, Answer>({ maxSize: MAX_BYTES, sizeCalculation: (a) => a.kept.size });

  constructor(private readonly access: AccessService) {}

  /** The data behind this tag changed: answers showing it are made again. */
  invalidate(tag: string): void {
    this.versions.set(tag, (this.versions.get(tag) ?? 0) + 1);
  }

  /** Registers the replay (ahead of the framework: a hit skips guards and handler) and the keeping of answers. */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req: AccountRequest, reply, done) => {
      const options = optionsOf(req);
      const token = bearerToken(req);
      if (!options || req.method !== 'GET' || !token) return done();
      // A token that does not count goes on to the guard, which answers it.
      const now = this.access.verifiedNow(token);
      if (now) return this.answer(now, options, req, reply, done);
      this.access.verifyAccessToken(token).then((caller) => this.answer(caller, options, req, reply, done), () => done());
    });
    fastify.addHook('onSend', (req: AccountRequest, reply, payload, done) => {
      const { user, [VERSIONS]: read } = req;
      const state = user && this.access.stateOf(user);
      if (user && read && state && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const headers = keptHeaders(reply);
        if (headers) {
          const key = `${user.id} ${req.url}`;
          // Made again only because the state was renewed (every ACCESS_STATE_MS): the same bytes keep their compressed twins.
          const before = this.answers.peek(key)?.kept;
          const same = before?.holds(headers, payload) ? before : undefined;
          this.answers.set(key, { state, ...read, kept: same ?? new KeptAnswer(headers, payload), route: req.routeOptions.url ?? req.url });
          // The same answer goes out as its replays do (compressed when asked), not as the route made it.
          if (same) return same.sendAgain(req, reply, done);
        }
      }
      done(null, payload);
    });
  }

  /**
   * The caller's current answer for a GET of this address, when the token is one verified before (answerReplaysFirst
   * asks before any route is found: only an @AccountRead route's answer is kept under a caller and address).
   */
  keptFor(req: IncomingMessage): Answer | undefined {
    const token = req.method === 'GET' ? bearerToken(req) : undefined;
    const caller = token && this.access.verifiedNow(token);
    return caller ? this.current(`${caller.user.id} ${req.url}`, caller.state) : undefined;
  }

  /** Replays the caller's kept answer, waits for the one being made, or has the route make it. */
  private answer({ user, state }: { user: SessionUser; state: AccessState }, options: AccountReadOptions, req: AccountRequest, reply: FastifyReply, done: () => void): void {
    const key = `${user.id} ${req.url}`;
    if (this.replayed(key, state, req, reply)) return;
    // The caller's answer is being made (its pages ask in parallel as a state is renewed): wait for it, not make another.
    const made = this.making.get(key);
    if (made) return void made.then(() => this.replayed(key, state, req, reply) || this.make(key, options, req, reply, done));
    this.make(key, options, req, reply, done);
  }

  private replayed(key: string, state: AccessState, req: AccountRequest, reply: FastifyReply): boolean {
    const answer = this.current(key, state);
    answer?.kept.replay(req, reply);
    return !!answer;
  }

  /** The answer kept under this key, if it was made under this access state and no tag of it changed since. */
  private current(key: string, state: AccessState): Answer | undefined {
    const answer = this.answers.get(key);
    return answer && answer.state === state && answer.tags.every((tag, i) => (this.versions.get(tag) ?? 0) === answer.versions[i]) ? answer : undefined;
  }

  /** Hands the request on to its route, whose answer is kept (onSend); requests for the same key wait until it is sent. */
  private make(key: string, options: AccountReadOptions, req: AccountRequest, reply: FastifyReply, done: () => void): void {
    req[VERSIONS] = { tags: options.tags, versions: options.tags.map((tag) => this.versions.get(tag) ?? 0) };
    if (!this.making.has(key)) {
      const made: Promise<void> = new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
      }).finally(() => {
        if (this.making.get(key) === made) this.making.delete(key);
      });
      this.making.set(key, made);
    }
    done();
  }
}
