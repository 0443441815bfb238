import { METHOD_METADATA } from '@nestjs/common/constants';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** The route config flag @NoStore sets; Fastify hands a route's config to the onRoute hook below. */
interface NoStoreConfig {
  noStore?: boolean;
}

/** Adds the flag to a handler's route config, keeping what else it holds. */
function mark(handler: object): void {
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as object;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, noStore: true } satisfies NoStoreConfig, handler);
}

/**
 * Answers that name a person (an account, a profile, an e-mail address, a purchase, an audit entry) carry
 * `Cache-Control: no-store`, refusals included, so no browser or proxy keeps a copy. On a handler, or on a
 * controller for every route it declares.
 */
export function NoStore(): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor): void => {
    if (descriptor) return mark(descriptor.value);
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler: unknown = Object.getOwnPropertyDescriptor(prototype, name)?.value;
      if (typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler)) mark(handler);
    }
  };
}

const noStoreHeader: onSendHookHandler = (_req, reply, payload, done) => {
  // A handler's own value that already forbids storing (e.g. 'private, no-store') stays.
  if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('Cache-Control', 'no-store');
  done(null, payload);
};

const withHook = <T>(own: T | T[] | undefined, hook: T): T | T[] => (own ? [...(Array.isArray(own) ? own : [own]), hook] : hook);

/** Gives @NoStore routes their header as each route is registered: the other routes run no extra hook. Before any route. */
export function registerNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (!(route.config as NoStoreConfig | undefined)?.noStore) return;
    // As the answer goes, refusals included: a handler's own cacheable value does not win.
    route.onSend = withHook(route.onSend, noStoreHeader);
  });
}
