import { randomInt } from 'crypto';
import { performance } from 'perf_hooks';

const KEPT = 32;

/**
 * Makes a branch that does less work (no account: no link, no e-mail) take as long as the branch that does it, so
 * the answer's timing does not tell whether an account exists. The full branch runs through `measure`; the other
 * waits a duration drawn from the recent full runs (`fallbackMs` until there is one), so the two distributions
 * follow each other as the database's speed changes.
 */
export class MatchedTiming {
  private readonly recent: number[] = [];
  private next = 0;

  constructor(private readonly fallbackMs = 5) {}

  async measure<T>(work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.recent[this.next] = performance.now() - start;
      this.next = (this.next + 1) % KEPT;
    }
  }

  /** Waits as long as the full branch took on one of its recent runs, less what this branch already spent. */
  async match(spentMs = 0): Promise<void> {
    const target = this.recent.length ? this.recent[randomInt(this.recent.length)] : this.fallbackMs;
    const wait = target - spentMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
