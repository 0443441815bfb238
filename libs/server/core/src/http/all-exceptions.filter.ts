import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'http';
import type { Response } from 'express';
import { ApiError, MESSAGES } from '@solvr/contracts';

/** Every error leaves as { message, statusCode, error }; stacks are logged for 5xx only and never sent. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = toApiError(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
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
    return body;
  }
  return { message: MESSAGES.http.internal, statusCode: HttpStatus.INTERNAL_SERVER_ERROR, error: STATUS_CODES[500] as string };
}
