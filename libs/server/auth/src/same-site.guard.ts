import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';

/**
 * Login CSRF defence for the cookie and sign-in routes: a state-changing call must come from a page of this
 * site (no cross-site Sec-Fetch-Site, no foreign Origin) and carry JSON, which a plain HTML form cannot send.
 */
@Injectable()
export class SameSiteGuard implements CanActivate {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (req.method === 'GET' || req.method === 'HEAD') return true;
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenException(AUTH_MESSAGES.crossSite);
    const origin = req.headers.origin;
    if (origin && !this.isOurs(origin, req.headers.host)) throw new ForbiddenException(AUTH_MESSAGES.crossSite);
    const type = req.headers['content-type'];
    const hasBody = !!type || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !/^application\/json\b/i.test(type ?? '')) throw new UnsupportedMediaTypeException(AUTH_MESSAGES.jsonOnly);
    return true;
  }

  private isOurs(origin: string, host: string | undefined): boolean {
    try {
      const url = new URL(origin);
      return url.origin === new URL(this.config.publicUrl).origin || url.host === host;
    } catch {
      return false;
    }
  }
}
