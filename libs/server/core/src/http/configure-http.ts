import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import { MESSAGES } from '@solvr/contracts';
import { AppConfig, sizeInBytes } from '../config/app-config';
import { logRequests, PinoNestLogger, ROOT_LOGGER } from '../logging/logging.module';
import { AllExceptionsFilter, BodyRejected } from './all-exceptions.filter';
import { serveWeb } from './serve-web';

/** The Fastify adapter with the settings that must be given at construction. */
export function httpAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: sizeInBytes(config.bodyLimit),
    trustProxy: 'loopback, linklocal, uniquelocal',
    // Request lines come from our own onResponse hook (logRequests).
    logger: false,
  });
}

/** The one HTTP set-up shared by main.ts and the e2e tests, so both behave alike. Leaves the app ready to serve. */
export async function configureHttp(app: NestFastifyApplication, config: AppConfig, opts: { web?: boolean } = {}): Promise<void> {
  app.useLogger(app.get(PinoNestLogger));
  app.flushLogs();
  app.setGlobalPrefix('api');
  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, app.get(ROOT_LOGGER));

  await app.register(fastifyCookie);
  // The shell's CSP depends on where the remotes live, so it is set on index.html (serve-web), not here.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // Uploads stream through busboy; the files module sets its own size limit per route.
  await app.register(fastifyMultipart);

  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const first = errors[0];
        const text = first?.constraints ? Object.values(first.constraints)[0] : `${first?.property} is invalid`;
        return new BadRequestException(text);
      },
    }),
  );
  app.useGlobalFilters(new AllExceptionsFilter(config.bodyLimit));
  if (opts.web !== false) await serveWeb(app, config);
  await app.init();
  // Replaces the JSON parser Nest registers during init: a malformed body gets a sentence a person understands.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, {});
    parseJson(req, body as string, (err, value) => (err ? done(new BodyRejected(MESSAGES.http.malformedJson, 400), undefined) : done(null, value)));
  });
  await fastify.ready();
}
