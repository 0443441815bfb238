import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions, Migration } from './data-source-options';
import { WalCheckpoints } from './wal-checkpoints';

@Module({})
export class DatabaseModule {
  /** The app passes its features' migrations; only the api runs them at start, the worker waits for them. */
  static forRoot(config: AppConfig, opts: { runMigrations: boolean; migrations?: Migration[] }): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [WalCheckpoints],
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.database, opts.migrations),
          autoLoadEntities: true,
          migrationsRun: opts.runMigrations,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
    };
  }
}
