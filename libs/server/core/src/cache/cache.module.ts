import { Global, Module } from '@nestjs/common';
import { CacheBus } from './cache-bus';

/** The cache bus for every feature's KeptCache (in memory; invalidations over Redis pub/sub in services mode). */
@Global()
@Module({ providers: [CacheBus], exports: [CacheBus] })
export class CacheModule {}
