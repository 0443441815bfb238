import { applyDecorators, SetMetadata } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { QueueName } from './queue.constants';

export const QUEUE_PROCESSOR = 'solvr:queue-processor';
export const JOB_HANDLER = 'solvr:job-handler';

/** A class whose handlers run on Bull (services mode) or in-process (embedded); same code either way. */
export const QueueProcessor = (queue: QueueName) => applyDecorators(Processor(queue), SetMetadata(QUEUE_PROCESSOR, queue));

/** `concurrency`: jobs of this kind one worker process runs at once under Bull. */
export const JobHandler = (job: string, opts: { concurrency?: number } = {}) =>
  applyDecorators(Process({ name: job, concurrency: opts.concurrency ?? 1 }), SetMetadata(JOB_HANDLER, job));

/** The part of a Bull job a handler may use, so handlers run the same under both drivers. */
export interface QueueJob<T> {
  id: string | number;
  name: string;
  data: T;
  attemptsMade: number;
}
