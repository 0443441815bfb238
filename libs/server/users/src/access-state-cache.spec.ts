import { setTimeout as sleep } from 'node:timers/promises';
import type { AccessState } from '@solvr/server-core';
import { ACCESS_STATE_MS, AccessStateCache } from './access-state-cache';

const state = (tokenVersion: number): AccessState => ({ role: 'user', tokenVersion });

/** A load that counts its reads and answers the "database row" as it is when read. */
function source(initial: AccessState | null) {
  const db = { row: initial, reads: 0 };
  const load = async () => {
    db.reads++;
    return db.row;
  };
  return { db, load };
}

describe('AccessStateCache', () => {
  it('reads an account once while it is kept, and again after ACCESS_STATE_MS', async () => {
    const cache = new AccessStateCache();
    const { db, load } = source(state(1));
    expect(await cache.read('u1', load)).toEqual(state(1));
    expect(await cache.read('u1', load)).toEqual(state(1));
    expect(db.reads).toBe(1);
    db.row = state(2);
    await sleep(ACCESS_STATE_MS + 20);
    expect(await cache.read('u1', load)).toEqual(state(2));
    expect(db.reads).toBe(2);
  });

  it('tells what it keeps without reading: nothing before a read, after ACCESS_STATE_MS or after a write', async () => {
    const cache = new AccessStateCache();
    const { db, load } = source(state(1));
    expect(cache.kept('u1')).toBeUndefined();
    await cache.read('u1', load);
    expect(cache.kept('u1')).toEqual(state(1));
    cache.forget('u1');
    expect(cache.kept('u1')).toBeUndefined();
    await cache.read('u1', load);
    await sleep(ACCESS_STATE_MS + 20);
    expect(cache.kept('u1')).toBeUndefined();
    expect(db.reads).toBe(2);
  });

  it('forgets an account its owner wrote, and every account on a bulk write', async () => {
    const cache = new AccessStateCache();
    const a = source(state(1));
    const b = source(state(1));
    await cache.read('a', a.load);
    await cache.read('b', b.load);
    a.db.row = state(2);
    cache.forget('a');
    expect(await cache.read('a', a.load)).toEqual(state(2));
    expect(await cache.read('b', b.load)).toEqual(state(1));
    expect(b.db.reads).toBe(1);
    b.db.row = state(3);
    cache.forget();
    expect(await cache.read('b', b.load)).toEqual(state(3));
  });

  it('does not keep a read that overlapped a write (it may hold the row from before it)', async () => {
    const cache = new AccessStateCache();
    const { db } = source(state(1));
    let release: () => void = () => undefined;
    const slowLoad = async () => {
      const before = db.row;
      await new Promise<void>((r) => (release = r));
      return before;
    };
    const pending = cache.read('u1', slowLoad);
    db.row = state(2);
    cache.forget('u1');
    release();
    expect(await pending).toEqual(state(1));
    let reads = 0;
    expect(await cache.read('u1', async () => (reads++, db.row))).toEqual(state(2));
    expect(reads).toBe(1);
  });

  it('shares one read among the requests that ask while it runs (the same state for all), but not across a write', async () => {
    const cache = new AccessStateCache();
    const { db } = source(state(1));
    const releases: Array<() => void> = [];
    const slowLoad = async () => {
      db.reads++;
      const row = db.row;
      await new Promise<void>((r) => releases.push(r));
      return row;
    };
    const asked = [cache.read('u1', slowLoad), cache.read('u1', slowLoad), cache.read('u1', slowLoad)];
    expect(db.reads).toBe(1);
    db.row = state(2);
    cache.forget('u1');
    const afterWrite = cache.read('u1', slowLoad);
    expect(db.reads).toBe(2);
    releases.forEach((release) => release());
    const [a, b, c] = await Promise.all(asked);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await afterWrite).toEqual(state(2));
  });

  it('keeps no answer for a missing account (one created next is found at once)', async () => {
    const cache = new AccessStateCache();
    const { db, load } = source(null);
    expect(await cache.read('new', load)).toBeNull();
    db.row = state(0);
    expect(await cache.read('new', load)).toEqual(state(0));
  });

  it('reads a state again before it expires: meanwhile the kept one answers at once, then the new one, with no gap', async () => {
    const cache = new AccessStateCache();
    const { db, load } = source(state(1));
    await cache.read('u1', load);
    // Early in its time, asking reads nothing.
    expect(cache.kept('u1', load)).toEqual(state(1));
    expect(db.reads).toBe(1);
    await sleep((ACCESS_STATE_MS * 3) / 4 + 30);
    db.row = state(2);
    // Late in it: the kept state answers, and one read starts (not one per request).
    expect(cache.kept('u1', load)).toEqual(state(1));
    expect(cache.kept('u1', load)).toEqual(state(1));
    expect(db.reads).toBe(2);
    await sleep(0);
    expect(cache.kept('u1', load)).toEqual(state(2));
    // The first state's time is over; the one read ahead is still kept.
    await sleep(ACCESS_STATE_MS / 4 + 50);
    expect(cache.kept('u1')).toEqual(state(2));
    expect(db.reads).toBe(2);
  });

  it('without a way to read, or when the read ahead fails, a kept state still expires at ACCESS_STATE_MS', async () => {
    const cache = new AccessStateCache();
    const { load } = source(state(1));
    await cache.read('u1', load);
    await sleep((ACCESS_STATE_MS * 3) / 4 + 30);
    expect(cache.kept('u1', async () => Promise.reject(new Error('database gone')))).toEqual(state(1));
    await sleep(ACCESS_STATE_MS / 4 + 50);
    expect(cache.kept('u1')).toBeUndefined();
  });

  describe('a counted download (writeBegins, then written once it committed)', () => {
    const bump = (s: AccessState): AccessState => ({ ...s, tokenVersion: s.tokenVersion + 10 });

    it('brings a state read before the write up to date, with no read, and keeps it no longer than it was kept', async () => {
      const cache = new AccessStateCache();
      const { db, load } = source(state(1));
      await cache.read('u1', load);
      await sleep(ACCESS_STATE_MS / 2);
      const began = cache.writeBegins();
      db.row = state(11);
      cache.written('u1', began, bump);
      expect(cache.kept('u1')).toEqual(state(11));
      expect(db.reads).toBe(1);
      // Still at most ACCESS_STATE_MS from its read: the update did not restart its time.
      await sleep(ACCESS_STATE_MS / 2 + 50);
      expect(cache.kept('u1')).toBeUndefined();
    });

    it('forgets a state read while the write was under way (it may or may not hold it), and keeps no read that overlapped it', async () => {
      const cache = new AccessStateCache();
      const { db, load } = source(state(1));
      const began = cache.writeBegins();
      let release: () => void = () => undefined;
      const overlapping = cache.read('u1', async () => {
        const before = db.row;
        await new Promise<void>((r) => (release = r));
        return before;
      });
      await cache.read('u2', load);
      db.row = state(11);
      cache.written('u2', began, bump);
      expect(cache.kept('u2')).toBeUndefined();
      release();
      expect(await overlapping).toEqual(state(1));
      expect(cache.kept('u1')).toBeUndefined();
      expect(await cache.read('u2', load)).toEqual(state(11));
    });

    it('changes nothing for an account it does not keep', () => {
      const cache = new AccessStateCache();
      cache.written('u1', cache.writeBegins(), bump);
      expect(cache.kept('u1')).toBeUndefined();
    });
  });
});
