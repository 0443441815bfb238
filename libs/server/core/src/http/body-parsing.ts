import { Logger } from '@nestjs/common';
import { json, urlencoded, type ErrorRequestHandler, type RequestHandler } from 'express';
import { STATUS_CODES } from 'http';
import { MESSAGES } from '@solvr/contracts';

/** JSON and form bodies up to the configured limit; parse errors answered here as JSON 4xx. */
const logger = new Logger('BodyParser');

export function bodyParsing(limit: string): Array<RequestHandler | ErrorRequestHandler> {
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const type = (err as { type?: string }).type;
    let statusCode = 0;
    let message = '';
    if (type === 'entity.too.large') [statusCode, message] = [413, MESSAGES.http.tooLarge(limit)];
    else if (type === 'entity.parse.failed') [statusCode, message] = [400, MESSAGES.http.malformedJson];
    else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) [statusCode, message] = [err.status, err.message];
    if (!statusCode) return next(err);
    // Runs before the request logger, so the refusal is logged here (warn, no stack).
    logger.warn(`${req.method} ${req.originalUrl} answered ${statusCode}: ${message}`);
    res.status(statusCode).json({ message, statusCode, error: STATUS_CODES[statusCode] });
  };
  return [json({ limit }), urlencoded({ extended: true, limit }), bodyErrors];
}
