import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { InjectConfig } from '@solvr/server-core';
import { AuditModule } from '@solvr/server-audit';
import { AuthCoreModule } from '@solvr/server-auth';
import { FilesModule } from '@solvr/server-files';
import { MailModule } from '@solvr/server-mail';
import { NewsModule } from '@solvr/server-news';
import { PaymentsModule } from '@solvr/server-payments';
import { ProfileModule } from '@solvr/server-profile';
import { StorageModule } from '@solvr/server-storage';
import { UsersDataModule } from '@solvr/server-users';
import { FileAdapter } from './entities/file.adapter';
import { NewsAdapter } from './entities/news.adapter';
import { PlatformEntities } from './entities/platform-entities.service';
import { PurchaseAdapter } from './entities/purchase.adapter';
import { UserAdapter } from './entities/user.adapter';
import { FileLinks } from './file-links';
import { PlatformFunctions } from './functions.service';
import { PlatformIntegrations } from './integrations.service';
import { PlatformAudit } from './platform-audit';
import { PlatformGuard } from './platform-caller';
import { registerPlatformCors } from './platform-cors';
import { platformConfig, type PlatformConfig } from './platform.config';
import {
  PlatformAuthController,
  PlatformEntitiesController,
  PlatformFileLinksController,
  PlatformFunctionsController,
  PlatformIntegrationsController,
} from './platform.controller';

/**
 * The platform layer (spec section 7): the hosted platform SDK's contract under /api/apps/{APP_ID}/. It owns no
 * table: every read and write goes through the feature that owns it (files, news, payments, users, profile, mail,
 * storage, auth), under the same rules as the site's own routes.
 */
@Module({
  imports: [AuthCoreModule, UsersDataModule, ProfileModule, FilesModule, NewsModule, PaymentsModule, MailModule, StorageModule, AuditModule],
  controllers: [PlatformEntitiesController, PlatformAuthController, PlatformIntegrationsController, PlatformFunctionsController, PlatformFileLinksController],
  providers: [
    PlatformGuard,
    PlatformEntities,
    FileAdapter,
    NewsAdapter,
    PurchaseAdapter,
    UserAdapter,
    FileLinks,
    PlatformAudit,
    PlatformIntegrations,
    PlatformFunctions,
  ],
})
export class PlatformModule implements OnModuleInit {
  constructor(
    private readonly http: HttpAdapterHost,
    @InjectConfig(platformConfig) private readonly settings: PlatformConfig,
  ) {}

  /** Cross-origin SDK apps: the CORS answers of /api/apps/..., before any route (preflights have none). */
  async onModuleInit(): Promise<void> {
    await registerPlatformCors(this.http.httpAdapter.getInstance<FastifyInstance>(), this.settings.corsOrigins);
  }
}
