import { LRUCache } from 'lru-cache';
import type { AccessState } from '@solvr/server-core';

/**
 * How long a replica answers a signed-in request from the account state it read earlier. Writes through any api
 * replica forget the account on all of them (UsersService, over the cache bus); a write outside the api (a role
 * changed by the CLI, a message lost while Redis was away) counts within this time.
 */
export const ACCESS_STATE_MS = 1000;

/** The cache bus namespace of the kept access states (keys: user ids). */
export const ACCESS_STATE_NAMESPACE = 'users.access-state';

/**
 * Past this age a kept state is read again in the background: an active account's requests never wait for that read.
 * Late in its time, so an account active all along costs a third more reads than without, not twice as many.
 */
const READ_AHEAD_MS = (ACCESS_STATE_MS * 3) / 4;

export type AccessStateLoad = (userId: string) => Promise<AccessState | null>;

/** A kept state and the write count its read started at (see written()). */
interface KeptState {
  state: AccessState;
  readFrom: number;
}

/**
 * The access state of recently active accounts: reading it was half the cost of every signed-in request (one row,
 * but one database round trip per request, and a page makes several). A state is still at most ACCESS_STATE_MS old:
 * read ahead, the new one replaces it before it expires, and if that read is slow it expires all the same.
 */
export class AccessStateCache {
  private readonly states = new LRUCache<string, KeptState>({ max: 10_000, ttl: ACCESS_STATE_MS });
  /** Counts writes: a read that overlapped one may hold the state from before it, so it is not kept. */
  private writes = 0;

  /** Reads in flight by account, with the write count they started at: requests arriving meanwhile share one. */
  private readonly loading = new Map<string, { writes: number; state: Promise<AccessState | null> }>();

  /** The state kept for this account, if any (no wait). Given `load`, a state past READ_AHEAD_MS is read again meanwhile. */
  kept(userId: string, load?: AccessStateLoad): AccessState | undefined {
    const state = this.states.get(userId)?.state;
    if (state && load && !this.loading.has(userId) && this.states.getRemainingTTL(userId) < ACCESS_STATE_MS - READ_AHEAD_MS) {
      // Its failure is the next read's to report: the kept state serves until it expires.
      this.load(userId, load).catch(() => undefined);
    }
    return state;
  }

  async read(userId: string, load: AccessStateLoad): Promise<AccessState | null> {
    const kept = this.kept(userId, load);
    if (kept) return kept;
    // A read started before a write may hold the state from before it: joined only while no write came since.
    const inFlight = this.loading.get(userId);
    if (inFlight && inFlight.writes === this.writes) return inFlight.state;
    return this.load(userId, load);
  }

  /** The account changed (or, without an id, any number of accounts did). */
  forget(userId?: string): void {
    this.writes++;
    if (userId) this.states.delete(userId);
    else this.states.clear();
  }

  /**
   * A write that changes the account's view only is starting (a download counted in a transaction): reads in flight
   * may miss it, so they are not kept. Answers the mark written() takes once the write has committed.
   */
  writeBegins(): number {
    return ++this.writes;
  }

  /**
   * The write marked by writeBegins() committed. A state read before it began is brought up to date with `change`
   * and kept for the rest of its time (no read: the next request, often the download itself, needs it); one read
   * since may or may not hold the write, so it is forgotten.
   */
  written(userId: string, began: number, change: (state: AccessState) => AccessState): void {
    this.writes++;
    const kept = this.states.get(userId);
    if (!kept) return;
    // Set with the time it has left (a ttl of 0 would keep it for ever).
    const ttl = this.states.getRemainingTTL(userId);
    if (kept.readFrom < began && ttl > 0) this.states.set(userId, { state: change(kept.state), readFrom: kept.readFrom }, { ttl });
    else this.states.delete(userId);
  }

  private async load(userId: string, load: AccessStateLoad): Promise<AccessState | null> {
    const writesBefore = this.writes;
    const state = load(userId).then((loaded) => {
      if (loaded && writesBefore === this.writes) this.states.set(userId, { state: loaded, readFrom: writesBefore });
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
}
