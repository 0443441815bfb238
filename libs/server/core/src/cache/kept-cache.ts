import { LRUCache } from 'lru-cache';
import type { CacheBus } from './cache-bus';

/** A cache's declaration: its namespace on the bus, how many values, how long one may be kept, and how one is loaded. */
export interface KeptCacheSpec<V> {
  namespace: string;
  max: number;
  /** The backstop: the longest a value is kept when no invalidation reaches this replica. */
  ttlMs: number;
  load: (key: string) => Promise<V>;
}

/**
 * One piece of data kept in memory by the feature that owns it: loaded once per key (concurrent callers share the
 * load, lru-cache's fetch()), forgotten when the owner's write invalidates it on the bus (here and on every replica),
 * and at the latest after ttlMs.
 */
export class KeptCache<V extends NonNullable<unknown>> {
  private readonly values: LRUCache<string, V>;
  /** Counts invalidations: a load they interrupted is made again rather than failing its callers. */
  private generation = 0;

  constructor(
    private readonly bus: CacheBus,
    readonly spec: KeptCacheSpec<V>,
  ) {
    this.values = new LRUCache<string, V>({ max: spec.max, ttl: spec.ttlMs, fetchMethod: (key) => spec.load(key) });
    bus.on(spec.namespace, (key) => this.forget(key));
  }

  async fetch(key: string): Promise<V> {
    for (let attempt = 0; ; attempt++) {
      const generation = this.generation;
      try {
        return (await this.values.fetch(key)) as V;
      } catch (error) {
        // lru-cache rejects a load that a delete interrupted: its value may predate the write, so load again.
        if (this.generation === generation || attempt >= 3) throw error;
      }
    }
  }

  /** The owner wrote: `key` (without one, every key) is stale on every replica. */
  invalidate(key?: string): void {
    this.bus.invalidate(this.spec.namespace, key);
  }

  private forget(key: string | undefined): void {
    this.generation++;
    if (key === undefined) this.values.clear();
    else this.values.delete(key);
  }
}
