import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'http';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { isUnreachable } from '../http/all-exceptions.filter';
import { ACCESS_POLICY, AccessPolicy, SessionUser } from './access.decorators';
import { AccessService } from './access.service';

/** The request's Bearer access token, if it has one. */
export const bearerToken = (req: { headers: IncomingHttpHeaders }): string | undefined => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
};

/**
 * Global guard: every route needs a valid Bearer access token unless marked @Public(). A token counts only while
 * its account exists with the same token version; the role comes from the database, not the token.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]) ?? {
      kind: 'signed-in',
    };
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: SessionUser }>();
    const token = bearerToken(req);
    if (policy.kind === 'public') {
      if (token) req.user = (await this.check(token).catch(() => undefined))?.user;
      return true;
    }
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    const { user, state } = await this.check(token).catch((err: unknown) => {
      // The database being down says nothing about the token: a 503, not a sign-out.
      throw isUnreachable(err) ? err : new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    });
    req.user = user;
    if (policy.kind === 'role' && state.role !== policy.role) throw new ForbiddenException(`This action needs the ${policy.role} role.`);
    return true;
  }

  private check(token: string) {
    return this.access.verifyAccessToken(token);
  }
}
