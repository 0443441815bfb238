import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, assertNoEviction, ConfigError, configureHttp, httpAdapter } from '@solvr/server-core';
import { WorkerModule } from './worker.module';

export async function createWorker(config: AppConfig): Promise<NestFastifyApplication> {
  if (!config.redis) throw new ConfigError('REDIS_URL', 'is required by the worker (without Redis the api runs jobs itself)');
  await assertNoEviction(config.redis.url);
  const app = await NestFactory.create<NestFastifyApplication>(WorkerModule.forRoot(config), httpAdapter(config), { bufferLogs: true });
  await configureHttp(app, config);
  return app;
}
