// The services tier of `npm test` needs MariaDB and Redis; this says why they cannot be used, if so.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, run } from './setup.mjs';

/** Checks MariaDB and Redis for the services tier; returns the reason they can't be used, if any. */
export function servicesProblem() {
  const probe = `
    const mysql = require('mysql2/promise'); const Redis = require('ioredis');
    (async () => {
      const my = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
      const rd = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
      try { const c = await mysql.createConnection({ uri: my, connectTimeout: 3000 }); await c.query('SELECT 1'); await c.end(); }
      catch (e) { console.log('MariaDB not reachable at ' + my.replace(/\\/\\/[^@]*@/, '//') + ' (' + e.code + ')'); process.exit(1); }
      const r = new Redis(rd, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000 }); r.on('error', () => {});
      try { await r.connect(); await r.ping(); r.disconnect(); }
      catch (e) { console.log('Redis not reachable at ' + rd + ' (' + (e.code ?? e.message) + ')'); process.exit(1); }
    })();`;
  const file = join(ROOT, 'tmp', 'services-check.txt');
  mkdirSync(dirname(file), { recursive: true });
  const code = run('sh', ['-c', `node -e "$PROBE" > "${file}" 2>&1`], { env: { PROBE: probe } });
  return code === 0 ? null : readFileSync(file, 'utf8').trim() || 'MariaDB/Redis check failed';
}

