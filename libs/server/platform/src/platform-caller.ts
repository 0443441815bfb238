import { CanActivate, createParamDecorator, ExecutionContext, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'crypto';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TEXTS } from '@solvr/contracts';
import { AccessService, InjectConfig, type SessionUser } from '@solvr/server-core';
import { platformConfig, type PlatformConfig } from './platform.config';

/**
 * Who calls the platform layer. A signed-in user carries the site's access token (the login's, or the site's own);
 * the service role carries PLATFORM_SERVICE_TOKEN (the SDK's asServiceRole client), optionally on behalf of a user.
 */
export type PlatformCaller = (
  | { kind: 'anonymous' }
  | { kind: 'user'; user: SessionUser; admin: boolean }
  | { kind: 'service'; onBehalfOf: SessionUser | null }
) & { ip: string | null };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type PlatformRequest = FastifyRequest & { user?: SessionUser; platformCaller?: PlatformCaller };

const digest = (text: string) => createHash('sha256').update(text).digest();
const bearer = (header: unknown): string | undefined => (typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Admins and the service role manage every record; users their own; anonymous callers read what is public. */
export const isPrivileged = (caller: PlatformCaller): boolean => caller.kind === 'service' || (caller.kind === 'user' && caller.admin);

/** The account acting (for created_by and the audit log), if any. */
export const actingUser = (caller: PlatformCaller): SessionUser | null =>
  caller.kind === 'user' ? caller.user : caller.kind === 'service' ? caller.onBehalfOf : null;

/** The account calling for itself: a signed-in user. Never the service role, even when it calls on a user's behalf. */
export const ownAccountId = (caller: PlatformCaller): string | null => (caller.kind === 'user' ? caller.user.id : null);

export const refusal = {
  signIn: () => new UnauthorizedException({ message: PLATFORM_TEXTS.signInRequired, code: 'unauthorized' }),
  forbidden: (message: string) => new ForbiddenException({ message, code: 'forbidden' }),
  notFound: (message: string) => new NotFoundException({ message, code: 'not_found' }),
};

/** A signed-in caller (user or service role); anonymous callers are asked to sign in (401). */
export function requireSignedIn(caller: PlatformCaller): Exclude<PlatformCaller, { kind: 'anonymous' }> {
  if (caller.kind === 'anonymous') throw refusal.signIn();
  return caller;
}

/**
 * Every platform route: the {appId} must be this server's APP_ID (any other is 404), then the caller is worked out
 * once. The global access guard has already checked a Bearer access token (routes here are public to it); a token it
 * did not accept is either the service token or a refusal saying which kind of token was wrong.
 */
@Injectable()
export class PlatformGuard implements CanActivate {
  private readonly serviceDigest: Buffer | null;

  constructor(
    private readonly access: AccessService,
    @InjectConfig(platformConfig) private readonly settings: PlatformConfig,
  ) {
    this.serviceDigest = settings.serviceToken ? digest(settings.serviceToken) : null;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<PlatformRequest>();
    const appId = (req.params as Record<string, string | undefined>).appId ?? '';
    if (appId !== this.settings.appId) throw new NotFoundException({ message: PLATFORM_TEXTS.unknownApp(appId), code: 'app_not_found' });
    req.platformCaller = { ...(await this.callerOf(req)), ip: req.ip ?? null };
    return true;
  }

  private isServiceToken(token: string): boolean {
    return !!this.serviceDigest && timingSafeEqual(digest(token), this.serviceDigest);
  }

  private serviceRefusal(): UnauthorizedException {
    return this.serviceDigest
      ? new UnauthorizedException({ message: PLATFORM_TEXTS.serviceTokenRequired, code: 'service_token_required' })
      : new UnauthorizedException({ message: PLATFORM_TEXTS.serviceCallsOff, code: 'service_calls_disabled' });
  }

  private async callerOf(req: PlatformRequest): Promise<DistributiveOmit<PlatformCaller, 'ip'>> {
    const token = bearer(req.headers.authorization);
    const onBehalfOf = bearer(req.headers['on-behalf-of']);
    if (!token) return { kind: 'anonymous' };
    if (this.isServiceToken(token)) {
      if (!onBehalfOf) return { kind: 'service', onBehalfOf: null };
      const verified = await this.access.verifyAccessToken(onBehalfOf).catch(() => undefined);
      if (!verified) throw new UnauthorizedException({ message: PLATFORM_TEXTS.sessionExpired, code: 'session_expired' });
      return { kind: 'service', onBehalfOf: verified.user };
    }
    // The SDK's service-role client sends its user's token as on-behalf-of: this call meant to be a service call.
    if (onBehalfOf !== undefined || !JWT_SHAPE.test(token)) throw this.serviceRefusal();
    if (!req.user) throw new UnauthorizedException({ message: PLATFORM_TEXTS.sessionExpired, code: 'session_expired' });
    return { kind: 'user', user: req.user, admin: req.user.role === 'admin' };
  }
}

/** The caller PlatformGuard worked out. */
export const Caller = createParamDecorator((_data: unknown, ctx: ExecutionContext): PlatformCaller => {
  const caller = ctx.switchToHttp().getRequest<PlatformRequest>().platformCaller;
  if (!caller) throw new Error('PlatformGuard did not run');
  return caller;
});

/** Routes of the service role only (spec section 6: single sign-on token lookup). */
export function requireService(caller: PlatformCaller): void {
  if (caller.kind !== 'service') throw new ForbiddenException({ message: PLATFORM_TEXTS.serviceTokenRequired, code: 'service_token_required' });
}
