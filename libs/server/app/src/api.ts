import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, configureHttp, httpAdapter } from '@solvr/server-core';
import { ApiDocs } from '@solvr/server-api-docs';
import { MetricsServer } from '@solvr/server-observability';
import { siteServing } from '@solvr/server-site';
import { ApiModule } from './api.module';

export type ApiApp = NestFastifyApplication;

/** Builds the api exactly as production runs it, ready to serve; apps/api's main.ts and the e2e tests both call this. */
export async function createApi(config: AppConfig): Promise<ApiApp> {
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config), httpAdapter(config), { bufferLogs: true });
  app.get(ApiDocs).describe(app);
  await configureHttp(app, config, { metrics: app.get(MetricsServer).requestMetrics(), web: siteServing(config) });
  return app;
}
