import { ScheduleModule } from '@nestjs/schedule';
import { DynamicModule, Module } from '@nestjs/common';
import { AccessModule, AppConfig, AppConfigModule, CacheModule, DatabaseModule, HealthModule, LoggingModule, QueueModule } from '@solvr/server-core';
import { FilesMailSegmentsModule } from '@solvr/server-files';
import { ReleasesMailSegmentsModule } from '@solvr/server-releases';
import { MailWorkerModule } from '@solvr/server-mail';
import { StorageModule } from '@solvr/server-storage';

/** Runs the Bull processors; serves only its health endpoints. The api owns migrations. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        AccessModule.forRoot(config),
        DatabaseModule.forRoot(config, { runMigrations: false }),
        QueueModule.forRoot(config),
        CacheModule,
        // Periodic work's intervals, named and cleared at shutdown (@nestjs/schedule).
        ScheduleModule.forRoot(),
        HealthModule,
        StorageModule,
        MailWorkerModule,
        // The Email Center's segments other features own, which the campaign fan-out walks.
        FilesMailSegmentsModule,
        ReleasesMailSegmentsModule,
      ],
    };
  }
}
