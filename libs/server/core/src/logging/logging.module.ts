import { DynamicModule, Global, Inject, Injectable, LoggerService, Module } from '@nestjs/common';
import pino, { type Logger as Pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Structured JSON logs on stdout; credentials redacted. */
export function createRootLogger(level: string): Pino {
  return pino({ level, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] });
}

/** Nest's Logger calls land in pino, with the caller's context as a field. */
@Injectable()
export class PinoNestLogger implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly pino: Pino) {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    // Nest passes (message, context) or, for errors, (message, stack, context).
    const context = typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const stack = level === 'error' && params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
}

/** Signed links carry their signature in the query: it is a credential, so it never reaches the logs. */
export const redactUrl = (url: string) => url.replace(/([?&](?:sig|token)=)[^&]*/g, '$1[redacted]');

/**
 * One line per finished request: 5xx at error, 4xx at warn, the rest at info; health probes not logged.
 * A hook rather than a middleware, and nothing is built when the level is off, so it costs almost nothing.
 */
export function logRequests(fastify: FastifyInstance, log: Pino): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (log.isLevelEnabled(level) && !req.url.startsWith('/api/health')) {
      log[level]({ req: { id: req.id, method: req.method, url: redactUrl(req.url) }, res: { statusCode: status }, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    }
    done();
  });
}

@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: ROOT_LOGGER, useValue: createRootLogger(config.logLevel) }, PinoNestLogger],
      exports: [ROOT_LOGGER, PinoNestLogger],
    };
  }
}
