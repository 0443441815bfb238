import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import { AUDITED, type AuditedSpec, type SessionUser } from '@solvr/server-core';
import { AuditService } from './audit.service';

/** Writes the audit entry of every successful call to a handler marked @Audited, before the answer goes out. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly log = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditedSpec | undefined>(AUDITED, ctx.getHandler());
    if (!spec) return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { user?: SessionUser }>();
    return next.handle().pipe(
      mergeMap((result) => from(this.write(spec, req, result).then(() => result))),
    );
  }

  private async write(spec: AuditedSpec, req: FastifyRequest & { user?: SessionUser }, result: unknown): Promise<void> {
    if (!req.user) return;
    try {
      const params = (req.params ?? {}) as Record<string, string | undefined>;
      const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
      await this.audit.record(req.user, spec.action, spec.target({ params, body, result }), req.ip ?? null);
    } catch (err) {
      // The action itself succeeded: answer it, and say loudly that its audit entry is missing.
      this.log.error({ err, action: spec.action, actor: req.user.id }, 'audit entry not written');
    }
  }
}
