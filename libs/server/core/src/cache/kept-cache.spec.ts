import type { AppConfig } from '../config/app-config';
import { CacheBus } from './cache-bus';
import { KeptCache } from './kept-cache';

const localBus = () => new CacheBus({ redis: null } as AppConfig);
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('KeptCache (one data cache, invalidated on the bus)', () => {
  it('loads a key once for concurrent callers and keeps it', async () => {
    let calls = 0;
    const load = jest.fn(async (key: string): Promise<string> => `${key}:${++calls}`);
    const cache = new KeptCache(localBus(), { namespace: 't', max: 10, ttlMs: 60_000, load });
    expect(await Promise.all([cache.fetch('a'), cache.fetch('a')])).toEqual(['a:1', 'a:1']);
    expect(await cache.fetch('a')).toBe('a:1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets one key or all of them when invalidated, and loads again', async () => {
    let version = 1;
    const cache = new KeptCache(localBus(), { namespace: 't', max: 10, ttlMs: 60_000, load: async (key) => `${key}${version}` });
    expect([await cache.fetch('a'), await cache.fetch('b')]).toEqual(['a1', 'b1']);
    version = 2;
    cache.invalidate('a');
    expect([await cache.fetch('a'), await cache.fetch('b')]).toEqual(['a2', 'b1']);
    version = 3;
    cache.invalidate();
    expect([await cache.fetch('a'), await cache.fetch('b')]).toEqual(['a3', 'b3']);
  });

  it('hears the invalidations of its namespace only, from any cache on the same bus', async () => {
    const bus = localBus();
    let version = 1;
    const load = async () => String(version);
    const mine = new KeptCache(bus, { namespace: 'news', max: 10, ttlMs: 60_000, load });
    const other = new KeptCache(bus, { namespace: 'files', max: 10, ttlMs: 60_000, load });
    await Promise.all([mine.fetch('k'), other.fetch('k')]);
    version = 2;
    bus.invalidate('news');
    expect([await mine.fetch('k'), await other.fetch('k')]).toEqual(['2', '1']);
  });

  it('does not keep a load that a write interrupted: its callers get the value read after the write', async () => {
    const first = deferred<string>();
    const loads = [() => first.promise, async () => 'after the write'];
    const cache = new KeptCache(localBus(), { namespace: 't', max: 10, ttlMs: 60_000, load: () => (loads.shift() as () => Promise<string>)() });
    const pending = cache.fetch('a');
    cache.invalidate('a');
    first.resolve('before the write');
    expect(await pending).toBe('after the write');
    expect(await cache.fetch('a')).toBe('after the write');
  });

  it('passes on a failed load, and keeps nothing for it', async () => {
    let fail = true;
    const cache = new KeptCache(localBus(), { namespace: 't', max: 10, ttlMs: 60_000, load: async () => { if (fail) throw new Error('database down'); return 'ok'; } });
    await expect(cache.fetch('a')).rejects.toThrow('database down');
    fail = false;
    expect(await cache.fetch('a')).toBe('ok');
  });

  it('keeps a value at most ttlMs', async () => {
    let version = 1;
    const cache = new KeptCache(localBus(), { namespace: 't', max: 10, ttlMs: 300, load: async () => version });
    expect(await cache.fetch('a')).toBe(1);
    version = 2;
    expect(await cache.fetch('a')).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect(await cache.fetch('a')).toBe(2);
  });
});
