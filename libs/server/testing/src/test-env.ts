import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { randomBytes } from 'crypto';
import { createConnection } from 'mysql2/promise';
import Redis from 'ioredis';
import { AppConfig, loadConfig } from '@solvr/server-core';

export type Tier = 'sqlite' | 'services';

/**
 * The tier this spec file runs on: 'sqlite' (the embedded default) or 'services' (MariaDB + Redis from
 * TEST_MYSQL_URL and TEST_REDIS_URL, defaulting to this machine's local services). Each jest project of an e2e
 * config is one tier (tools/jest/e2e-project.js sets it); each services run gets its own database and Redis key
 * prefix and removes them afterwards.
 */
export const TIER: Tier = (globalThis as { __TEST_TIER__?: Tier }).__TEST_TIER__ === 'services' ? 'services' : 'sqlite';
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestEnv {
  env: Record<string, string>;
  dataDir: string;
  config(overrides?: Record<string, string>): AppConfig;
  cleanup(): Promise<void>;
}

export async function createTestEnv(tier = TIER): Promise<TestEnv> {
  const id = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'solvr-e2e-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: 'none', NODE_ENV: 'test' };
  let dbName: string | undefined;
  let prefix: string | undefined;
  if (tier === 'services') {
    dbName = `solvr_test_${id}`;
    prefix = `solvr-test-${id}`;
    const conn = await createConnection(MYSQL_URL);
    await conn.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    env.DATABASE_URL = `${MYSQL_URL.replace(/\/$/, '')}/${dbName}`;
    env.REDIS_URL = REDIS_URL;
    env.REDIS_PREFIX = prefix;
  }
  return {
    env,
    dataDir,
    config: (overrides = {}) => loadConfig({ ...env, ...overrides }),
    async cleanup() {
      if (dbName) {
        const conn = await createConnection(MYSQL_URL);
        await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
        await conn.end();
      }
      if (prefix) {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects what the process writes to stdout (pino logs, the first-admin line) while a test runs. */
export function captureStdout(): { lines: () => string[]; restore: () => void } {
  const original = process.stdout.write.bind(process.stdout);
  const chunks: string[] = [];
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return {
    lines: () => chunks.join('').split('\n').filter(Boolean),
    restore: () => {
      process.stdout.write = original;
    },
  };
}

