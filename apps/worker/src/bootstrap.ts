import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig, ConfigError, configureHttp } from '@solvr/server-core';
import { WorkerModule } from './worker.module';

export async function createWorker(config: AppConfig): Promise<NestExpressApplication> {
  if (!config.redis) throw new ConfigError('REDIS_URL', 'is required by the worker (without Redis the api runs jobs itself)');
  const app = await NestFactory.create<NestExpressApplication>(WorkerModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  configureHttp(app, config, { web: false });
  return app;
}
