import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

@Module({})
export class DatabaseModule {
  /** Only the api runs migrations at start; the worker waits for them. */
  static forRoot(config: AppConfig, opts: { runMigrations: boolean }): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.database),
          autoLoadEntities: true,
          migrationsRun: opts.runMigrations,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
      ],
    };
  }
}
