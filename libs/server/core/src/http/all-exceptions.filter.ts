import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, BUSY_CODE, MESSAGES } from '@solvr/contracts';
import { Busy } from './busy';

/** A request body refused before it reached a route (malformed, too large, wrong type). */
export class BodyRejected extends HttpException {}

/**
 * Fastify's own errors reach filters as a plain HttpException (Nest maps them); ours are always subclasses.
 * A body over the limit gets our sentence naming the limit; other 4xx of that kind are body refusals.
 */
function fromFastify(err: unknown, bodyLimit: string): HttpException | undefined {
  if (!(err instanceof HttpException) || err.constructor !== HttpException) return undefined;
  const status = err.getStatus();
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return new BodyRejected(MESSAGES.http.tooLarge(bodyLimit), status);
  if (status === HttpStatus.UNSUPPORTED_MEDIA_TYPE || status === HttpStatus.BAD_REQUEST) return new BodyRejected(err.message, status);
  return undefined;
}

/** Every error leaves as { message, statusCode, error }; stacks are logged for 5xx only and never sent. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');
  private readonly bodyLogger = new Logger('BodyParser');

  constructor(private readonly bodyLimit: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = fromFastify(exception, this.bodyLimit) ?? exception;
    const body = toApiError(error);
    // A Busy refusal is the overload bound at work, not a fault: no stack in the log.
    if (body.statusCode >= 500 && !(error instanceof Busy)) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (error instanceof BodyRejected) {
      const req = host.switchToHttp().getRequest<FastifyRequest>();
      this.bodyLogger.warn(`${req.method} ${req.url} answered ${body.statusCode}: ${body.message}`);
    }
    if (reply.sent) return;
    if (error instanceof Busy) reply.header('Retry-After', String(error.retryAfterSeconds));
    reply.status(body.statusCode).send(body);
  }
}

/** Error codes of a database (or other service) that cannot be reached, or whose connection went away mid-query. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
]);

/** Whether the error says a service the request needed is down (the driver's error, or one it wraps), not a bug. */
export function isUnreachable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNREACHABLE.has(e.code)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isUnreachable(x, depth + 1))) return true;
  return isUnreachable(e.driverError, depth + 1) || isUnreachable(e.cause, depth + 1);
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    let message = exception.message;
    if (typeof response === 'string') message = response;
    else if (response && typeof response === 'object' && 'message' in response) {
      const m = (response as { message: unknown }).message;
      message = Array.isArray(m) ? String(m[0]) : String(m);
    }
    const error = STATUS_CODES[statusCode] ?? 'Error';
    const body: ApiError = { message: statusCode >= 500 && statusCode !== 503 ? MESSAGES.http.internal : message, statusCode, error };
    // Field errors of a form (e.g. the profile), keyed by field name.
    const fields = (response as { errors?: unknown })?.errors;
    if (statusCode < 500 && fields && typeof fields === 'object') body.errors = fields as Record<string, string>;
    // A machine-readable reason, where the route names one (the platform layer's clients read it).
    const code = (response as { code?: unknown })?.code;
    if (statusCode < 500 && typeof code === 'string') body.code = code;
    if (exception instanceof Busy) body.code = BUSY_CODE;
    return body;
  }
  // The database went away (restart, failover): a 503 the client may retry, not a 500.
  if (isUnreachable(exception)) {
    return { message: MESSAGES.http.unavailable, statusCode: HttpStatus.SERVICE_UNAVAILABLE, error: STATUS_CODES[503] as string };
  }
  return { message: MESSAGES.http.internal, statusCode: HttpStatus.INTERNAL_SERVER_ERROR, error: STATUS_CODES[500] as string };
}
