import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '@solvr/server-files';
import { MailModule } from '@solvr/server-mail';
import { StorageModule } from '@solvr/server-storage';
import { UsersDataModule } from '@solvr/server-users';
import { DeployTokensService } from './deploy-tokens.service';
import { ReleasesMailSegmentsModule } from './mail-segments';
import { DeployToken, ReleaseChannelRecord, ReleaseFile, ReleaseSubscription, ReleaseVersion } from './release.entity';
import { ReleaseActivityService } from './release-activity.service';
import { ReleaseChannelsService } from './release-channels.service';
import { ReleasePublisher } from './release-publisher';
import { ReleaseVersionsService } from './release-versions.service';
import {
  AdminReleasesController,
  DeployTokensController,
  PublishController,
  ReleaseChannelsController,
  ReleaseDownloadsController,
  ReleasesController,
  SquirrelUpdatesController,
  UpdateFeedsController,
} from './releases.controller';
import { ReleasesService } from './releases.service';

/**
 * The desktop app's releases. Owns release_files and release_subscriptions (ReleasesService), release_versions
 * (ReleaseVersionsService), release_activity (ReleaseActivityService), release_channels (ReleaseChannelsService) and
 * deploy_tokens (DeployTokensService). Bytes are received and answered through the files feature's UploadsService and
 * StoredFileResponder (same limits, Range, ETag, S3 redirects), stored through StorageService; release mail goes
 * through the outbox.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ReleaseFile, ReleaseSubscription, ReleaseVersion, ReleaseChannelRecord, DeployToken]), FilesModule, ReleasesMailSegmentsModule, UsersDataModule, StorageModule, MailModule],
  controllers: [
    PublishController,
    ReleasesController,
    ReleaseDownloadsController,
    UpdateFeedsController,
    SquirrelUpdatesController,
    AdminReleasesController,
    DeployTokensController,
    ReleaseChannelsController,
  ],
  providers: [ReleasesService, ReleaseVersionsService, ReleaseActivityService, ReleaseChannelsService, DeployTokensService, ReleasePublisher],
  exports: [ReleasesService],
})
export class ReleasesModule {}
