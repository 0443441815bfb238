// tiers: sqlite, services
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@solvr/server-core';
import { API_MIGRATIONS as MIGRATIONS } from '@solvr/server-app';
import { createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

describe(`migrations (${TIER})`, () => {
  let t: TestEnv;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestEnv();
    ds = await new DataSource(dataSourceOptions(t.config().database, MIGRATIONS)).initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await t.cleanup();
  });

  const OURS = ['users', 'mail_outbox', 'auth_sessions', 'auth_tokens', 'files', 'file_downloads', 'release_subscriptions', 'news', 'purchases', 'payment_refunds', 'audit_log', 'mail_campaigns'];
  /** Which of our tables exist now. */
  const tables = async () => {
    const q = ds.createQueryRunner();
    try {
      const present: string[] = [];
      for (const name of OURS) if (await q.hasTable(name)) present.push(name);
      return present;
    } finally {
      await q.release();
    }
  };

  it('runs every migration up, then all the way down, then up again', async () => {
    const applied = await ds.runMigrations();
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((M) => new M().name));
    expect(await tables()).toEqual(OURS);

    for (let i = 0; i < MIGRATIONS.length; i++) await ds.undoLastMigration();
    expect(await tables()).toEqual([]);

    await ds.runMigrations();
    expect(await tables()).toEqual(OURS);
    expect(await ds.showMigrations()).toBe(false);
  });
});
