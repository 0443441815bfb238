import Redis from 'ioredis';
import { ConfigError } from '../config/config-section';

/**
 * Bull keeps jobs in Redis: under any eviction policy but noeviction, a full Redis silently drops queued mail.
 * The worker refuses to start there. Reads CONFIG GET, or INFO where CONFIG is disabled (managed Redis).
 */
export async function assertNoEviction(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  try {
    await redis.connect();
    let policy: string | undefined;
    try {
      policy = ((await redis.config('GET', 'maxmemory-policy')) as string[])[1];
    } catch {
      policy = /maxmemory_policy:(\S+)/.exec(await redis.info('memory'))?.[1];
    }
    if (policy && policy !== 'noeviction') {
      throw new ConfigError('REDIS_URL', `Redis maxmemory-policy is ${policy}; the mail queue needs noeviction (set maxmemory-policy noeviction), or queued mail could be evicted`);
    }
  } finally {
    redis.disconnect();
  }
}
