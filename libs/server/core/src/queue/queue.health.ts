import { getQueueToken } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bull';
import { ComponentHealth } from '@solvr/contracts';
import { InProcessQueue } from './in-process-queue';
import { QUEUE_NAMES } from './queue.constants';
import { withTimeout } from '../health/with-timeout';

@Injectable()
export class QueueHealth {
  constructor(private readonly moduleRef: ModuleRef) {}

  async check(): Promise<ComponentHealth> {
    const queue = this.moduleRef.get<Queue | InProcessQueue>(getQueueToken(QUEUE_NAMES[0]), { strict: false });
    if (queue instanceof InProcessQueue) return { status: 'up', driver: 'in-process' };
    try {
      await withTimeout(queue.client.ping(), 2000, 'Redis did not answer');
      return { status: 'up', driver: 'bull' };
    } catch (err) {
      return { status: 'down', driver: 'bull', error: (err as Error).message };
    }
  }
}
