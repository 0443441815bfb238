import { BadRequestException } from '@nestjs/common';
import { PLATFORM_TEXTS } from '@solvr/contracts';

/**
 * Spec section 5, 'Client call rules': integrations and functions take an object of named parameters; a plain string
 * (or any other non-object) is refused with an error naming the integration or function, as the SDK words it.
 */
export function namedParameters(kind: 'Integration' | 'Function', name: string, body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  const received = typeof body === 'string' ? body : JSON.stringify(body);
  throw new BadRequestException({ message: PLATFORM_TEXTS.namedParameters(kind, name, received.slice(0, 200)), code: 'named_parameters_required' });
}
