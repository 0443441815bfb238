import { mkdtempSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Worker } from 'worker_threads';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { CHECKPOINT_EVERY_MS, WalCheckpoints } from './wal-checkpoints';

const until = async (check: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error('timed out');
};

describe('WalCheckpoints on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-wal-'));
  const file = join(dir, 'db.sqlite');
  const dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: file }));
  const api = () => (dataSource.driver as unknown as { databaseConnection: { pragma(s: string, o: { simple: true }): number } }).databaseConnection;
  const autoCheckpoint = () => api().pragma('wal_autocheckpoint', { simple: true });
  let checkpoints: WalCheckpoints;

  beforeAll(async () => {
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
    checkpoints = new WalCheckpoints(dataSource);
    checkpoints.onApplicationBootstrap();
  });
  afterAll(async () => {
    await checkpoints.onModuleDestroy();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("never checkpoints in the api's commits; the worker copies the log into the file soon after", async () => {
    await until(() => autoCheckpoint() === 0);
    // The worker has copied in the table made in beforeAll (page 2): from here only the inserts below can grow the file.
    await until(() => statSync(file).size >= 2 * 4096);
    const before = statSync(file).size;
    // 3,000 pages of 4 KB: three times what makes a commit checkpoint by default.
    await dataSource.transaction(async (m) => {
      for (let i = 0; i < 3000; i++) await m.query('INSERT INTO t (body) VALUES (randomblob(4000))');
    });
    expect(statSync(file).size).toBe(before);
    await until(() => statSync(file).size > before + 3000 * 4000, CHECKPOINT_EVERY_MS * 10);
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 3000 }]);
  });

  it("gives checkpoints back to the api's connection if the worker stops", async () => {
    await (checkpoints as unknown as { worker: Worker }).worker.terminate();
    expect(autoCheckpoint()).toBe(1000);
  });
});
