import { Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { JobHandlerRegistry } from './job-handlers';
import { DEFAULT_JOB_OPTIONS } from './queue.constants';

interface AddOptions {
  jobId?: string;
  attempts?: number;
  backoff?: { delay: number };
}

type Handler = ReturnType<JobHandlerRegistry['get']>;

/** Jobs of one queue running at once in this process (a 10,000-message campaign does not start 10,000 sends). */
const CONCURRENCY = 10;

/**
 * The embedded stand-in for a Bull queue: same add() call, same handlers, run in this process
 * after the caller's request, with retries and back-off. Jobs are not durable here; the mail
 * outbox table is, and its reconciler re-enqueues what a restart lost.
 */
export class InProcessQueue {
  readonly driver = 'in-process';
  private readonly logger = new Logger(InProcessQueue.name);
  private readonly running = new Set<Promise<void>>();
  private readonly ids = new Set<string>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  private failed = 0;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly handlers: JobHandlerRegistry,
  ) {}

  async add(jobName: string, data: unknown, opts: AddOptions = {}): Promise<{ id: string }> {
    if (this.closed) throw new Error(`Queue ${this.name} is closed`);
    const handler = this.handlers.get(this.name, jobName);
    const id = opts.jobId ?? randomUUID();
    if (this.ids.has(id)) return { id }; // like Bull: a jobId already waiting is not added twice
    this.ids.add(id);
    const attempts = opts.attempts ?? DEFAULT_JOB_OPTIONS.attempts;
    const delay = opts.backoff?.delay ?? DEFAULT_JOB_OPTIONS.backoff.delay;
    const run = (async () => {
      await new Promise((r) => setImmediate(r));
      await this.slot();
      try {
        await this.attempt(handler, { id, name: jobName, data }, attempts, delay);
      } finally {
        this.active--;
        this.waiting.shift()?.();
      }
    })().finally(() => {
      this.ids.delete(id);
      this.running.delete(run);
    });
    this.running.add(run);
    return { id };
  }

  async addBulk(jobs: Array<{ name: string; data: unknown; opts?: AddOptions }>): Promise<Array<{ id: string }>> {
    return Promise.all(jobs.map((j) => this.add(j.name, j.data, j.opts)));
  }

  private async slot(): Promise<void> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private async attempt(handler: Handler, job: { id: string; name: string; data: unknown }, attempts: number, delay: number): Promise<void> {
    for (let attemptsMade = 0; attemptsMade < attempts; attemptsMade++) {
      try {
        await handler({ ...job, attemptsMade });
        return;
      } catch (err) {
        this.logger.warn(`Job ${this.name}:${job.name} ${job.id} failed (attempt ${attemptsMade + 1}/${attempts}): ${(err as Error).message}`);
        if (attemptsMade + 1 < attempts && !this.closed) await new Promise((r) => setTimeout(r, delay * 2 ** attemptsMade));
        else {
          if (attemptsMade + 1 >= attempts) this.failed++;
          return;
        }
      }
    }
  }

  /** Bull's getJobCounts for this runner (metrics): jobs waiting for a slot, running (retries included), failed since start. */
  async getJobCounts(): Promise<{ waiting: number; active: number; delayed: number; failed: number }> {
    return { waiting: this.running.size - this.active, active: this.active, delayed: 0, failed: this.failed };
  }

  /** Resolves when every job added so far has finished (tests and shutdown). */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
  }
}
