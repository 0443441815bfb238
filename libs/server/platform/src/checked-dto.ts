import { BadRequestException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * A body checked against a route's DTO as the global validation pipe checks it (types, lengths, no unknown fields),
 * for payloads that arrive other than as a route's @Body: a named function's parameters, a merged record.
 */
export function checkedDto<T extends object>(dto: new () => T, data: unknown): T {
  const instance = plainToInstance(dto, data);
  const [first] = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (first) {
    const message = first.constraints ? Object.values(first.constraints)[0] : `${first.property} is invalid`;
    throw new BadRequestException({ message, code: 'bad_request' });
  }
  return instance;
}
