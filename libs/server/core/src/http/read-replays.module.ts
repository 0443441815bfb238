import { Global, Module } from '@nestjs/common';
import { AccountReadCache } from './account-reads';
import { PublicReadCache } from './public-reads';

/** The replayed answers of @PublicRead and @AccountRead routes (the api's; the worker serves no such route). */
@Global()
@Module({ providers: [PublicReadCache, AccountReadCache], exports: [PublicReadCache, AccountReadCache] })
export class ReadReplaysModule {}
