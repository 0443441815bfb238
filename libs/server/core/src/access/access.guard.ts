import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { ACCESS_POLICY, AccessPolicy, SessionUser } from './access.decorators';
import { AccessService, AccessState } from './access.service';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: SessionUser['role'];
  /** The account's token version when issued; a password change, reset or logout raises it. */
  ver: number;
}

/**
 * Global guard: every route needs a valid Bearer access token unless marked @Public(). A token counts only while
 * its account exists with the same token version; the role comes from the database, not the token.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly access: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]) ?? {
      kind: 'signed-in',
    };
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: SessionUser }>();
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (policy.kind === 'public') {
      if (token) req.user = (await this.check(token).catch(() => undefined))?.user;
      return true;
    }
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    const { user, state } = await this.check(token).catch(() => {
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    });
    req.user = user;
    if (policy.kind === 'role' && state.role !== policy.role) throw new ForbiddenException(`This action needs the ${policy.role} role.`);
    return true;
  }

  private async check(token: string): Promise<{ user: SessionUser; state: AccessState }> {
    const claims = await this.jwt.verifyAsync<AccessTokenClaims & { exp?: unknown }>(token);
    if (typeof claims.exp !== 'number' || typeof claims.ver !== 'number') throw new Error('token without exp or version');
    const state = await this.access.tokenStillValid(claims.sub, claims.ver);
    if (!state) throw new Error('token revoked');
    return { user: { id: claims.sub, email: claims.email, role: state.role }, state };
  }
}
