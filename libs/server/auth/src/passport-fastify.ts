import passport from 'passport';
import type { FastifyRequest } from 'fastify';

export type PassportOutcome<T> = { redirect: string } | { user: T } | { failed: true };

/**
 * Runs a passport strategy (Express middleware) on Fastify's raw request and hands back what it decided,
 * so the controller answers through Fastify's reply: a redirect to the provider, the verified user, or a failure.
 */
export function runPassport<T>(strategy: string, req: FastifyRequest, options: passport.AuthenticateOptions): Promise<PassportOutcome<T>> {
  return new Promise((resolve, reject) => {
    // passport-oauth2 reads the parsed query (code, state, error) from the request.
    const raw = Object.assign(req.raw, { query: req.query });
    const res = {
      statusCode: 302,
      setHeader(name: string, value: string) {
        if (name.toLowerCase() === 'location') resolve({ redirect: value });
      },
      end() {
        return undefined;
      },
    };
    const done = (err: unknown, user: T | false) => (err ? reject(err) : resolve(user ? { user } : { failed: true }));
    passport.authenticate(strategy, options, done)(raw, res, (err?: unknown) => (err ? reject(err) : resolve({ failed: true })));
  });
}
