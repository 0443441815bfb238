import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/** The route config flag the JSON parser looks for (configureHttp). */
interface RawBodyConfig {
  keepRawBody?: boolean;
}

/**
 * For this route only, the JSON parser also keeps the body exactly as it arrived (a webhook's signature is computed
 * over those bytes, not over a re-serialised object). Every other route parses as before, with nothing kept.
 */
export const KeepRawBody = () => RouteConfig({ keepRawBody: true } satisfies RawBodyConfig);

const RAW = Symbol('solvr:raw-body');

/** Called by the JSON parser: remembers the body text when the route asked for it. */
export function keepRawBodyIfAsked(req: FastifyRequest, body: string): void {
  if ((req.routeOptions?.config as RawBodyConfig | undefined)?.keepRawBody) (req as unknown as Record<symbol, string>)[RAW] = body;
}

/** The body text of a @KeepRawBody() route ('' when none was sent or it was not JSON). */
export function rawBodyOf(req: FastifyRequest): string {
  return (req as unknown as Record<symbol, string | undefined>)[RAW] ?? '';
}
