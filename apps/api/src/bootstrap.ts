import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig, configureHttp } from '@solvr/server-core';
import { ApiModule } from './api.module';

/** Builds the api exactly as production runs it; main.ts and the e2e tests both call this. */
export async function createApi(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  configureHttp(app, config);
  return app;
}
