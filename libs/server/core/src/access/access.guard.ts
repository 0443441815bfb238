import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { ACCESS_POLICY, AccessPolicy, SessionUser } from './access.decorators';
import { AccessService } from './access.service';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: SessionUser['role'];
}

/** Global guard: every route needs a valid Bearer access token unless marked @Public(). */
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
      if (token) req.user = await this.verify(token).catch(() => undefined);
      return true;
    }
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    const user = await this.verify(token).catch(() => {
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    });
    req.user = user;
    if (policy.kind === 'role') {
      if (!(await this.access.hasRole(user, policy.role))) throw new ForbiddenException(`This action needs the ${policy.role} role.`);
    }
    return true;
  }

  private async verify(token: string): Promise<SessionUser> {
    const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token);
    return { id: claims.sub, email: claims.email, role: claims.role };
  }
}
