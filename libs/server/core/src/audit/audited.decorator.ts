import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, Logger, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuditAction } from '@solvr/contracts';
import type { SessionUser } from '../access/access.decorators';

export const AUDITED = 'solvr:audited';

/** What an audited handler was called with and answered. */
export interface AuditedCall {
  params: Record<string, string | undefined>;
  body: Record<string, unknown>;
  result: unknown;
}

/** What an admin action acted on, for the audit log. */
export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
  detail?: string | null;
}

export interface AuditedSpec {
  action: AuditAction;
  target: (call: AuditedCall) => AuditTarget;
}

/** Writes audit entries: provided (globally) by the feature that owns the audit log. */
export const AUDIT_RECORDER = Symbol('AUDIT_RECORDER');
export interface AuditRecorder {
  record(actor: SessionUser, action: AuditAction, target: AuditTarget, ip: string | null): Promise<void>;
}

/** Writes the audit entry of a successful call to a handler marked @Audited, before the answer goes out. */
@Injectable()
export class AuditedInterceptor implements NestInterceptor {
  private readonly log = new Logger('Audit');

  constructor(@Inject(AUDIT_RECORDER) private readonly recorder: AuditRecorder) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = Reflect.getMetadata(AUDITED, ctx.getHandler()) as AuditedSpec;
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { user?: SessionUser }>();
    return next.handle().pipe(mergeMap((result) => from(this.write(spec, req, result).then(() => result))));
  }

  private async write(spec: AuditedSpec, req: FastifyRequest & { user?: SessionUser }, result: unknown): Promise<void> {
    if (!req.user) return;
    try {
      const params = (req.params ?? {}) as Record<string, string | undefined>;
      const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
      await this.recorder.record(req.user, spec.action, spec.target({ params, body, result }), req.ip ?? null);
    } catch (err) {
      // The action itself succeeded: answer it, and say loudly that its audit entry is missing.
      this.log.error({ err, action: spec.action, actor: req.user.id }, 'audit entry not written');
    }
  }
}

/**
 * The handler's successful calls are written to the audit log (actor, action, target, time, IP), after the action
 * and before the answer. The interceptor is on these handlers only: a global one would put every request of the
 * site through Nest's interceptor chain (RxJS and an async resource per request), a quarter of a public read's CPU.
 */
export const Audited = (action: AuditAction, target: AuditedSpec['target']) =>
  applyDecorators(SetMetadata(AUDITED, { action, target } satisfies AuditedSpec), UseInterceptors(AuditedInterceptor));

/** A field of an audited call's result or body, when it is a string. */
export const fieldOf = (value: unknown, key: string): string | null => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};
