import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';

type Listener = (key: string | undefined) => void;

/** An invalidation as it travels between replicas: who sent it, the cache's namespace, and the key (none: every key). */
interface Message {
  from: string;
  namespace: string;
  key?: string;
}

/**
 * How a replica's kept data learns it changed (twenty's cache-storage shape): every cache has a namespace, a write
 * invalidates a key (or the whole namespace) here at once and, in services mode, on every other replica through
 * Redis pub/sub (one channel, `{REDIS_PREFIX}:cache-invalidations`). Without Redis there is one process and the
 * local delivery is all. A message lost while Redis was away is covered twice: after a reconnect every namespace is
 * invalidated, and each cache still has its own time to live.
 */
@Injectable()
export class CacheBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CacheBus');
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly from = randomUUID();
  private readonly channel: string;
  private publisher?: Redis;
  private subscriber?: Redis;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.channel = `${config.redis?.prefix ?? 'solvr'}:cache-invalidations`;
  }

  async onModuleInit(): Promise<void> {
    const redis = this.config.redis;
    if (!redis) return;
    this.publisher = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(redis.url, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, text: string) => this.received(text));
    this.publisher.on('error', (e: Error) => this.logger.warn(`Redis (cache invalidations out): ${e.message}`));
    this.subscriber.on('error', (e: Error) => this.logger.warn(`Redis (cache invalidations in): ${e.message}`));
    let connected = false;
    // Whatever was published while this replica was not listening is unknown: everything kept goes.
    this.subscriber.on('ready', () => {
      if (connected) for (const namespace of this.listeners.keys()) this.deliver(namespace, undefined);
      connected = true;
    });
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  /** Calls `listener` for each invalidation of `namespace`, made here or on another replica. */
  on(namespace: string, listener: Listener): () => void {
    let set = this.listeners.get(namespace);
    if (!set) this.listeners.set(namespace, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** A write changed `key` of `namespace` (without a key: any of them): forgotten here now, on the other replicas as the message arrives. */
  invalidate(namespace: string, key?: string): void {
    this.deliver(namespace, key);
    if (!this.publisher) return;
    const message: Message = { from: this.from, namespace, ...(key === undefined ? {} : { key }) };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((e: Error) => this.logger.warn(`Could not publish a cache invalidation (${namespace}): ${e.message}`));
  }

  private received(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (message.from !== this.from && typeof message.namespace === 'string') this.deliver(message.namespace, typeof message.key === 'string' ? message.key : undefined);
  }

  private deliver(namespace: string, key: string | undefined): void {
    for (const listener of this.listeners.get(namespace) ?? []) listener(key);
  }
}
