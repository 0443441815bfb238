import { ServiceUnavailableException } from '@nestjs/common';

/**
 * Refused at once because work of this kind is already queued as deep as it may be: 503 with Retry-After (the
 * error filter sets it), so a caller tries again shortly instead of waiting behind everyone else.
 */
export class Busy extends ServiceUnavailableException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
