import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { PLATFORM_ERROR_CODES } from '@solvr/contracts';

/**
 * Platform errors carry a `code` next to `message` (the SDK's error reads both, with the status). The features'
 * own refusals (e.g. a file's 404) get the code of their status; a code a route chose is kept.
 */
@Injectable()
export class PlatformErrorsInterceptor implements NestInterceptor {
  intercept(_ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((err: unknown) => throwError(() => withCode(err))));
  }
}

/** A refusal with its code (a subclass: the global filter reads a plain HttpException as one of Fastify's own). */
export class PlatformError extends HttpException {}

export function withCode(err: unknown): unknown {
  if (!(err instanceof HttpException)) return err;
  const status = err.getStatus();
  const code = PLATFORM_ERROR_CODES[status as keyof typeof PLATFORM_ERROR_CODES];
  const response = err.getResponse();
  const body = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : { message: String(response) };
  if (!code || 'code' in body) return err;
  return new PlatformError({ ...body, message: body.message ?? err.message, code }, status, { cause: err });
}
