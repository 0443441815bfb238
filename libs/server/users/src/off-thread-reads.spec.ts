import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { threadId } from 'worker_threads';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@solvr/server-core';
import { OffThreadReads } from './off-thread-reads';

// A rejection crosses from the worker's realm: matched by its message, not instanceof (Jest's realm is another).
describe('OffThreadReads on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-reads-'));
  const dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: join(dir, 'db.sqlite') }));
  let reads: OffThreadReads;

  beforeAll(async () => {
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    await dataSource.query("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
    reads = new OffThreadReads(dataSource);
  });
  afterAll(async () => {
    await reads.onModuleDestroy();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the api's queries with the same rows, including what was just written", async () => {
    expect(await reads.all('SELECT name FROM t WHERE id > ? ORDER BY id', [1])).toEqual([{ name: 'b' }, { name: 'c' }]);
    await dataSource.query("INSERT INTO t (name) VALUES ('d')");
    expect(await reads.all('SELECT COUNT(*) AS n FROM t', [])).toEqual([{ n: 4 }]);
  });

  it('reads on another thread, through a connection of its own that cannot write', async () => {
    // A SQL function defined on the api's connection only: the worker's connection does not know it.
    (dataSource.driver as unknown as { databaseConnection: { function(name: string, fn: () => number): void } }).databaseConnection.function('api_thread', () => threadId);
    expect(await dataSource.query('SELECT api_thread() AS id')).toEqual([{ id: threadId }]);
    await expect(reads.all('SELECT api_thread() AS id', [])).rejects.toMatchObject({ message: expect.stringMatching(/no such function: api_thread/) });
    await expect(reads.all("INSERT INTO t (name) VALUES ('x') RETURNING id", [])).rejects.toMatchObject({ message: expect.stringMatching(/readonly/) });
    // A failed query leaves the worker serving the next ones.
    expect(await reads.all('SELECT COUNT(*) AS n FROM t', [])).toEqual([{ n: 4 }]);
  });

  it('starts another thread when its thread dies', async () => {
    const [before] = await reads.all<{ n: number }>('SELECT COUNT(*) AS n FROM t', []);
    const pool = (reads as unknown as { pool: { threads: Array<{ terminate(): Promise<number> }> } }).pool;
    await Promise.all(pool.threads.map((t) => t.terminate()));
    expect(await reads.all('SELECT COUNT(*) AS n FROM t', [])).toEqual([before]);
  });

  it('runs them on a thread at nice 19, so the api thread gets the CPU first (Linux)', async () => {
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value.
    const niceThreads = () =>
      readdirSync('/proc/self/task').filter((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] === '19';
      });
    await reads.all('SELECT 1', []);
    expect(niceThreads()).toHaveLength(1);
    // Not the thread that runs this test (the api's, here).
    expect(niceThreads()).not.toContain(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  });

});
