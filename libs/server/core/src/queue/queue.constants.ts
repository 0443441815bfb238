/** Every queue and the jobs it carries. A start-up check refuses a worker that lacks a handler for one. */
export const QUEUES = {
  // reconcile: the outbox reconciler's turn, a repeatable job in services mode (once per cluster).
  mail: ['send', 'campaign', 'reconcile'],
} as const;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};
