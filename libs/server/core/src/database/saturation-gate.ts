import { readFileSync } from 'fs';
import { performance } from 'perf_hooks';
import { setTimeout as delay } from 'timers/promises';

/** Busy or waiting for a CPU this share of the last sample or more: the api's thread is saturated. */
const SATURATED = 0.9;
const SAMPLE_MS = 100;

/** Nanoseconds this thread has spent runnable but waiting for a CPU (Linux; 0 elsewhere). */
function runQueueWaitNs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) || 0;
  } catch {
    return 0;
  }
}

/**
 * Lets bulk work go second while the api's thread is saturated: busy, or waiting for a CPU that another process
 * (a database on the same machine, say) holds, 90 % of the last 100 ms or more. The event loop's own utilization
 * misses the second case: a thread starved of CPU looks idle between its turns. Outside saturation the gate costs
 * nothing; during it, each piece of work starts no sooner than `share` times its predecessor's duration after that
 * one ended, so bulk work takes at most 1 / (1 + share) of the time and the requests around it keep the rest. It
 * slows bulk work, never stops it.
 */
export class SaturationGate {
  private lastLoop = performance.eventLoopUtilization();
  private lastWait = runQueueWaitNs();
  private lastAt = performance.now();
  private saturatedNow = false;
  private nextStart = 0;
  private readonly timer = setInterval(() => this.sample(), SAMPLE_MS);

  constructor(private readonly share = 3) {
    this.timer.unref();
  }

  /** Whether the last sample found the thread saturated. */
  get saturated(): boolean {
    return this.saturatedNow;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const wait = this.nextStart - performance.now();
    if (this.saturatedNow && wait > 0) await delay(wait);
    const started = performance.now();
    try {
      return await work();
    } finally {
      const ended = performance.now();
      this.nextStart = Math.max(this.nextStart, ended + this.share * (ended - started));
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const loop = performance.eventLoopUtilization();
    const wait = runQueueWaitNs();
    const at = performance.now();
    const busy = performance.eventLoopUtilization(loop, this.lastLoop).utilization;
    const waiting = (wait - this.lastWait) / 1e6 / (at - this.lastAt);
    this.saturatedNow = busy + waiting >= SATURATED;
    this.lastLoop = loop;
    this.lastWait = wait;
    this.lastAt = at;
  }
}
