// tiers: services
import { CacheBus, KeptCache } from '@solvr/server-core';
import { createTestEnv, type TestEnv, waitFor } from '@solvr/server-testing';

/** Two replicas' caches of the same data on one Redis: a write on either reaches the other through pub/sub. */
describe('CacheBus across replicas (services)', () => {
  let t: TestEnv;
  const buses: CacheBus[] = [];
  beforeAll(async () => {
    t = await createTestEnv('services');
    for (let i = 0; i < 2; i++) {
      const bus = new CacheBus(t.config());
      await bus.onModuleInit();
      buses.push(bus);
    }
  });
  afterAll(async () => {
    for (const bus of buses) await bus.onApplicationShutdown();
    await t?.cleanup();
  });

  it("forgets on replica B what replica A's write invalidated, key by key or the whole namespace, within milliseconds", async () => {
    let version = 1;
    const load = async (key: string) => `${key}${version}`;
    const [a, b] = buses.map((bus) => new KeptCache(bus, { namespace: 'news.published', max: 10, ttlMs: 60_000, load }));
    expect(await Promise.all([a.fetch('x'), b.fetch('x'), b.fetch('y')])).toEqual(['x1', 'x1', 'y1']);
    version = 2;
    const started = performance.now();
    a.invalidate('x');
    // A forgets at once; B as the message arrives.
    expect(await a.fetch('x')).toBe('x2');
    await waitFor(async () => (await b.fetch('x')) === 'x2', 'B forgot x');
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(1000);
    expect(await b.fetch('y')).toBe('y1');
    version = 3;
    b.invalidate();
    await waitFor(async () => (await a.fetch('y')) === 'y3', 'A forgot the namespace');
    console.log(`an invalidation reached the other replica in ${ms.toFixed(1)} ms`);
  });

  it('ignores other namespaces and messages that are not its own format', async () => {
    const heard: Array<string | undefined> = [];
    const stop = buses[1].on('files.library', (key) => heard.push(key));
    buses[0].invalidate('news.published', 'k');
    buses[0].invalidate('files.library', 'k2');
    await waitFor(async () => heard.length === 1, 'the files invalidation arrived');
    expect(heard).toEqual(['k2']);
    stop();
  });
});
