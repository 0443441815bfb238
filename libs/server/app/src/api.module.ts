import { ScheduleModule } from '@nestjs/schedule';
import { DynamicModule, Module } from '@nestjs/common';
import {
  AppConfig,
  AppConfigModule,
  DatabaseModule,
  HealthModule,
  AccessModule,
  LoggingModule,
  QueueModule,
  CacheModule,
} from '@solvr/server-core';
import { MailModule, MailRoutesModule, MailWorkerModule } from '@solvr/server-mail';
import { StorageModule } from '@solvr/server-storage';
import { FilesModule } from '@solvr/server-files';
import { ReleasesModule } from '@solvr/server-releases';
import { NewsModule } from '@solvr/server-news';
import { PaymentsModule } from '@solvr/server-payments';
import { AuditModule } from '@solvr/server-audit';
import { SiteModule } from '@solvr/server-site';
import { FirstAdminModule, UsersDataModule, UsersModule, UsersService } from '@solvr/server-users';
import { AuthModule } from '@solvr/server-auth';
import { ProfileModule } from '@solvr/server-profile';
import { PlatformModule } from '@solvr/server-platform';
import { ApiDocsModule } from '@solvr/server-api-docs';
import { MetricsModule } from '@solvr/server-observability';
import { API_MIGRATIONS } from './migrations';

@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        MetricsModule,
        AccessModule.forRoot(config, { imports: [UsersDataModule], useExisting: UsersService }),
        DatabaseModule.forRoot(config, { runMigrations: config.runMigrations, migrations: API_MIGRATIONS }),
        QueueModule.forRoot(config),
        CacheModule,
        // Periodic work's intervals, named and cleared at shutdown (@nestjs/schedule).
        ScheduleModule.forRoot(),
        HealthModule,
        UsersModule,
        FirstAdminModule,
        AuthModule.forRoot(config),
        ProfileModule,
        MailModule,
        MailRoutesModule,
        StorageModule,
        FilesModule,
        ReleasesModule,
        NewsModule,
        PaymentsModule,
        SiteModule,
        AuditModule,
        // The hosted platform SDK's contract (/api/apps/{APP_ID}/...), over the features above.
        PlatformModule,
        // GET /api/openapi.json and the reference page /api/docs, describing every route above.
        ApiDocsModule,
        // With Redis the worker process sends mail; without it the api runs the same processor itself.
        ...(config.runJobsInApi ? [MailWorkerModule] : []),
      ],
    };
  }
}
