import { FileStats } from './file-stats';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@solvr/server-mail';
import { PaymentsModule } from '@solvr/server-payments';
import { StorageModule } from '@solvr/server-storage';
import { UsersDataModule } from '@solvr/server-users';
import { DownloadsController } from './downloads.controller';
import { DeployToken, FileDownload, FileRecord, ReleaseChannelRecord, ReleaseSubscription, ReleaseVersion } from './file.entity';
import { AdminFilesController, FilesController } from './files.controller';
import { FilesService } from './files.service';
import { FilesMailSegmentsModule } from './mail-segments';
import { DeployTokensService } from './releases/deploy-tokens.service';
import { ReleaseActivityService } from './releases/release-activity.service';
import { ReleaseChannelsService } from './releases/release-channels.service';
import { ReleasePublisher } from './releases/release-publisher';
import { ReleaseVersionsService } from './releases/release-versions.service';
import {
  AdminReleasesController,
  DeployTokensController,
  PublishController,
  ReleaseChannelsController,
  ReleaseDownloadsController,
  ReleasesController,
  SquirrelUpdatesController,
  UpdateFeedsController,
} from './releases/releases.controller';
import { ReleasesService } from './releases/releases.service';
import { StoredFileResponder } from './stored-file.responder';
import { UploadsService } from './uploads.service';
import { AdminUserFilesController, UserFiles } from './user-files';

/**
 * Owns files and file_downloads (FilesService), release_subscriptions (ReleasesService), release_versions
 * (ReleaseVersionsService), release_activity (ReleaseActivityService) and deploy_tokens (DeployTokensService); the bytes go through
 * StorageService, the user's counter through UsersService, release mail through the outbox, purchases and checkouts
 * through PaymentsService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord, FileDownload, ReleaseSubscription, ReleaseVersion, ReleaseChannelRecord, DeployToken]), UsersDataModule, StorageModule, MailModule, PaymentsModule, FilesMailSegmentsModule],
  controllers: [
    FilesController,
    AdminFilesController,
    DownloadsController,
    PublishController,
    ReleasesController,
    ReleaseDownloadsController,
    UpdateFeedsController,
    SquirrelUpdatesController,
    AdminReleasesController,
    DeployTokensController,
    ReleaseChannelsController,
    AdminUserFilesController,
  ],
  providers: [FilesService, UploadsService, ReleasesService, ReleaseVersionsService, ReleaseActivityService, ReleaseChannelsService, DeployTokensService, ReleasePublisher, StoredFileResponder, FileStats, UserFiles],
  exports: [FilesService, UploadsService, ReleasesService, StoredFileResponder],
})
export class FilesModule {}
