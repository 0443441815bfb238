import { ValidationPipe, BadRequestException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { bodyParsing } from './body-parsing';
import { serveWeb } from './serve-web';

/** The one HTTP set-up shared by main.ts and the e2e tests, so both behave alike. */
export function configureHttp(app: NestExpressApplication, config: AppConfig, opts: { web?: boolean } = {}): void {
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.setGlobalPrefix('api');
  const server = app.getHttpAdapter().getInstance();
  server.disable('x-powered-by');
  server.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(cookieParser());
  for (const handler of bodyParsing(config.bodyLimit)) app.use(handler);
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
  app.useGlobalFilters(new AllExceptionsFilter());
  if (opts.web !== false) serveWeb(server, config);
}
