import { composeMigrations } from '@solvr/server-core';
import { FILES_MIGRATIONS } from '@solvr/server-files';
import { USERS_MIGRATIONS } from '@solvr/server-users';
import { DataSource } from 'typeorm';
import { RELEASES_MIGRATIONS } from './migrations';
import { ReleaseActivityService } from './release-activity.service';

describe('ReleaseActivityService: the day a count goes to', () => {
  let db: DataSource;
  let activity: ReleaseActivityService;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    // The table as shipped: the releases feature's migrations (and the users' and files' ones they build on).
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', migrations: composeMigrations(USERS_MIGRATIONS, FILES_MIGRATIONS, RELEASES_MIGRATIONS) });
    await db.initialize();
    await db.runMigrations();
    activity = new ReleaseActivityService(db);
  });

  afterEach(async () => {
    await activity.onModuleDestroy();
    await db.destroy();
    jest.useRealTimers();
  });

  const checksByDay = () => db.query('SELECT day, update_checks FROM release_activity ORDER BY day');

  it('counts an update check at midnight UTC on the new day, and on the old one again when the clock is set back', async () => {
    jest.setSystemTime(new Date('2026-11-28T23:59:59.999Z'));
    activity.count('update_checks', 'stable', '1.2.0', 'windows');
    jest.setSystemTime(new Date('2026-11-29T00:00:00.000Z'));
    activity.count('update_checks', 'stable', '1.2.0', 'windows');
    activity.count('update_checks', 'stable', '1.2.0', 'windows');
    jest.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
    activity.count('update_checks', 'stable', '1.2.0', 'windows');
    await activity.flush();
    expect(await checksByDay()).toEqual([
      { day: '2026-11-28', update_checks: 2 },
      { day: '2026-11-29', update_checks: 2 },
    ]);
  });
});
