import { fastifyMultipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * @fastify/multipart in stream mode (req.parts(), all the uploads use) on the app's own instance, without the two
 * hooks it adds to every request for its disk mode (saveRequestFiles, which nothing here calls): an async
 * onResponse that deletes saved temp files, and an async onRequest that listens for an early close to do the same.
 * Every request paid for them, each read included (about 10-20 µs of CPU in a bench with only them).
 */
export function registerMultipartStreams(fastify: FastifyInstance): Promise<void> {
  const streamsOnly: FastifyInstance = Object.create(fastify, {
    addHook: {
      value: (name: string, hook: never) => (name === 'onRequest' || name === 'onResponse' ? streamsOnly : fastify.addHook(name as never, hook)),
    },
  });
  return new Promise((resolve, reject) => fastifyMultipart(streamsOnly, {}, (err?: Error) => (err ? reject(err) : resolve())));
}
