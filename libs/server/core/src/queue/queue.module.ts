import { BullModule, getQueueToken } from '@nestjs/bull';
import { DynamicModule, Global, Module, OnApplicationShutdown, Inject } from '@nestjs/common';
import { DiscoveryModule, ModuleRef } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { InProcessQueue } from './in-process-queue';
import { JobHandlerRegistry } from './job-handlers';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES } from './queue.constants';
import { QueueHealth } from './queue.health';

class InProcessQueueShutdown implements OnApplicationShutdown {
  constructor(@Inject(ModuleRef) private readonly moduleRef: ModuleRef) {}
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(QUEUE_NAMES.map((n) => this.moduleRef.get<InProcessQueue>(getQueueToken(n), { strict: false }).close()));
  }
}

/** Bull on Redis when REDIS_URL is set, else an in-process runner of the same handlers. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    const queueTokens = QUEUE_NAMES.map((n) => getQueueToken(n));
    if (config.redis) {
      const redis = config.redis;
      return {
        module: QueueModule,
        imports: [
          DiscoveryModule,
          BullModule.forRoot({ url: redis.url, prefix: redis.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS as never }),
          BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
        ],
        providers: [JobHandlerRegistry, QueueHealth],
        exports: [BullModule, QueueHealth],
      };
    }
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        JobHandlerRegistry,
        QueueHealth,
        InProcessQueueShutdown,
        ...QUEUE_NAMES.map((name) => ({
          provide: getQueueToken(name),
          useFactory: (handlers: JobHandlerRegistry) => new InProcessQueue(name, handlers),
          inject: [JobHandlerRegistry],
        })),
      ],
      exports: [...queueTokens, QueueHealth],
    };
  }
}
