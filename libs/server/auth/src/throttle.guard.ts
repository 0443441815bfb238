import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable, OnModuleDestroy, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, normalizeEmail } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { Metrics } from '@solvr/server-observability';
import { authConfig, type AuthConfig } from './auth.config';

const WINDOW_SECONDS = 15 * 60;
const THROTTLE_ACTION = 'solvr:throttle-action';

/**
 * Counts attempts of this action per client IP, and per e-mail (from the body). With `failuresOnly`, the
 * per-e-mail budget is spent by failed attempts only (sign-in, password change): the route reports them.
 */
export const Throttle = (action: string, opts: { failuresOnly?: boolean } = {}) => SetMetadata(THROTTLE_ACTION, { action, ...opts });
type ThrottleMeta = { action: string; failuresOnly?: boolean };

class Throttled extends HttpException {
  constructor(
    res: FastifyReply | undefined,
    err: RateLimiterRes,
    readonly scope: 'ip' | 'account',
  ) {
    res?.header('Retry-After', String(Math.ceil(err.msBeforeNext / 1000)));
    super(AUTH_MESSAGES.throttled, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The counters, shared by the guard and the routes; they live in Redis when there is one. */
@Injectable()
export class ThrottleService implements OnModuleDestroy {
  private readonly redis?: Redis;
  private readonly perAccount: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;
  readonly accountPoints: number;

  constructor(
    @InjectConfig() config: AppConfig,
    @InjectConfig(authConfig) auth: AuthConfig,
    private readonly metrics: Metrics,
  ) {
    const make = (points: number, keyPrefix: string): RateLimiterAbstract => {
      const opts = { points, duration: WINDOW_SECONDS, keyPrefix: `${config.redis?.prefix ?? 'solvr'}:throttle:${keyPrefix}` };
      // If Redis is unreachable, count in memory rather than fail sign-ins with a 500.
      return this.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
    };
    if (config.redis) this.redis = new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.accountPoints = auth.throttle.perAccount;
    this.perAccount = make(auth.throttle.perAccount, 'account');
    this.perIp = make(auth.throttle.perIp, 'ip');
  }

  private async guarded(scope: 'ip' | 'account', work: () => Promise<unknown>, res?: FastifyReply): Promise<void> {
    try {
      await work();
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err; // the store failed: do not hide it as a 429
      throw new Throttled(res, err, scope);
    }
  }

  consumeIp(action: string, ip: string, res?: FastifyReply): Promise<void> {
    return this.guarded('ip', () => this.perIp.consume(`${action}:${ip}`), res);
  }

  consumeAccount(action: string, email: string, res?: FastifyReply): Promise<void> {
    return this.guarded('account', () => this.perAccount.consume(`${action}:${normalizeEmail(email)}`), res);
  }

  /** Refuses when the account's budget is already spent, without spending any. */
  async checkAccount(action: string, email: string, res?: FastifyReply): Promise<void> {
    const state = await this.perAccount.get(`${action}:${normalizeEmail(email)}`);
    if (state && state.consumedPoints >= this.accountPoints) throw new Throttled(res, state, 'account');
  }

  /**
   * Runs a sign-in whose failures spend the e-mail's budget (a wrong password: 401) and whose success clears it;
   * the route's guard checked the budget first.
   */
  async countingFailures<T>(action: string, email: string, attempt: () => Promise<T>): Promise<T> {
    const result = await attempt().catch(async (err) => {
      if (err instanceof UnauthorizedException) {
        this.metrics.signInFailures.inc({ action });
        await this.consumeAccount(action, email).catch(() => undefined);
      }
      throw err;
    });
    await this.reset(action, email);
    return result;
  }

  /** A successful sign-in clears that account's failed attempts. */
  async reset(action: string, email: string): Promise<void> {
    await this.perAccount.delete(`${action}:${normalizeEmail(email)}`);
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}

/** 429 with Retry-After once a budget is spent. */
@Injectable()
export class ThrottleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly throttle: ThrottleService,
    private readonly metrics: Metrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const meta = this.reflector.get<ThrottleMeta | undefined>(THROTTLE_ACTION, context.getHandler());
    if (!meta) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest<{ Body: { email?: unknown } | undefined }>>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const user = (req as { user?: { email: string } }).user;
    const email = typeof req.body?.email === 'string' ? req.body.email : user?.email;
    try {
      await this.throttle.consumeIp(meta.action, req.ip, res);
      if (!email) return true;
      if (meta.failuresOnly) await this.throttle.checkAccount(meta.action, email, res);
      else await this.throttle.consumeAccount(meta.action, email, res);
      return true;
    } catch (err) {
      if (err instanceof Throttled) this.metrics.throttled.inc({ action: meta.action, scope: err.scope });
      throw err;
    }
  }
}
