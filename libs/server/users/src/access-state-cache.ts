import { LRUCache } from 'lru-cache';
import type { AccessState } from '@solvr/server-core';

/**
 * How long a replica answers a signed-in request from the account state it read earlier. Its own writes forget the
 * account at once; a write by another replica or process (a logout there, a role changed by the CLI) counts here
 * within this time, as news and feeds do.
 */
export const ACCESS_STATE_MS = 1000;

/**
 * The access state of recently active accounts: reading it was half the cost of every signed-in request (one row,
 * but one database round trip per request, and a page makes several).
 */
export class AccessStateCache {
  private readonly states = new LRUCache<string, AccessState>({ max: 10_000, ttl: ACCESS_STATE_MS });
  /** Counts writes: a read that overlapped one may hold the state from before it, so it is not kept. */
  private writes = 0;

  /** Reads in flight by account, with the write count they started at: requests arriving meanwhile share one. */
  private readonly loading = new Map<string, { writes: number; state: Promise<AccessState | null> }>();

  /** The state kept for this account, if any (no read). */
  kept(userId: string): AccessState | undefined {
    return this.states.get(userId);
  }

  async read(userId: string, load: () => Promise<AccessState | null>): Promise<AccessState | null> {
    const kept = this.kept(userId);
    if (kept) return kept;
    // A read started before a write may hold the state from before it: joined only while no write came since.
    const inFlight = this.loading.get(userId);
    if (inFlight && inFlight.writes === this.writes) return inFlight.state;
    const writesBefore = this.writes;
    const state = load().then((loaded) => {
      if (loaded && writesBefore === this.writes) this.states.set(userId, loaded);
      return loaded;
    });
    const entry = { writes: writesBefore, state };
    this.loading.set(userId, entry);
    try {
      return await state;
    } finally {
      if (this.loading.get(userId) === entry) this.loading.delete(userId);
    }
  }

  /** The account changed (or, without an id, any number of accounts did). */
  forget(userId?: string): void {
    this.writes++;
    if (userId) this.states.delete(userId);
    else this.states.clear();
  }
}
