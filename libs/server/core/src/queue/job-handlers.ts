import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { markedProviders } from '../discovery/marked-providers';
import { JOB_HANDLER, QUEUE_PROCESSOR, QueueJob } from './decorators';
import { QUEUES, QueueName } from './queue.constants';

type Handler = (job: QueueJob<unknown>) => Promise<unknown>;

/** Finds @QueueProcessor handlers and checks that every declared job has exactly one. */
@Injectable()
export class JobHandlerRegistry implements OnApplicationBootstrap {
  private readonly handlers = new Map<string, Handler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    for (const { instance, mark: queue } of markedProviders<Record<string, Handler>, QueueName>(this.discovery, this.reflector, QUEUE_PROCESSOR)) {
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const job = this.reflector.get<string | undefined>(JOB_HANDLER, instance[method]);
        if (!job) continue;
        const key = `${queue}:${job}`;
        if (this.handlers.has(key)) throw new Error(`Two handlers for job ${key}`);
        this.handlers.set(key, instance[method].bind(instance));
      }
    }
    if (this.handlers.size === 0) return; // this process runs no jobs
    for (const [queue, jobs] of Object.entries(QUEUES)) {
      for (const job of jobs) {
        if (!this.handlers.has(`${queue}:${job}`)) throw new Error(`No handler for job ${queue}:${job}`);
      }
    }
  }

  get(queue: string, job: string): Handler {
    const handler = this.handlers.get(`${queue}:${job}`);
    if (!handler) throw new Error(`No handler for job ${queue}:${job} in this process`);
    return handler;
  }

  count(): number {
    return this.handlers.size;
  }
}
