import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable, OnModuleDestroy, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { authConfig, type AuthConfig } from './auth.config';

const WINDOW_SECONDS = 15 * 60;
const THROTTLE_ACTION = 'solvr:throttle-action';

/** Counts attempts of this action per e-mail (from the body) and per client IP. */
export const Throttle = (action: string) => SetMetadata(THROTTLE_ACTION, action);

/** 429 with Retry-After once either budget is spent; counters live in Redis when there is one. */
@Injectable()
export class ThrottleGuard implements CanActivate, OnModuleDestroy {
  private readonly redis?: Redis;
  private readonly perAccount: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(
    private readonly reflector: Reflector,
    @InjectConfig() config: AppConfig,
    @InjectConfig(authConfig) auth: AuthConfig,
  ) {
    const make = (points: number, keyPrefix: string): RateLimiterAbstract => {
      const opts = { points, duration: WINDOW_SECONDS, keyPrefix: `${config.redis?.prefix ?? 'solvr'}:throttle:${keyPrefix}` };
      // If Redis is unreachable, count in memory rather than fail sign-ins with a 500.
      return this.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
    };
    if (config.redis) this.redis = new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.perAccount = make(auth.throttle.perAccount, 'account');
    this.perIp = make(auth.throttle.perIp, 'ip');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<string | undefined>(THROTTLE_ACTION, context.getHandler());
    if (!action) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest<{ Body: { email?: unknown } | undefined }>>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
    try {
      await this.perIp.consume(`${action}:${req.ip}`);
      if (email) await this.perAccount.consume(`${action}:${email}`);
      return true;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err; // the store failed: do not hide it as a 429
      res.header('Retry-After', String(Math.ceil(err.msBeforeNext / 1000)));
      throw new HttpException(AUTH_MESSAGES.throttled, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** A successful sign-in clears that account's failed attempts. */
  async reset(action: string, email: string): Promise<void> {
    await this.perAccount.delete(`${action}:${email.trim().toLowerCase()}`);
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }
}
