import { FileStats } from './file-stats';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@solvr/server-mail';
import { PaymentsModule } from '@solvr/server-payments';
import { StorageModule } from '@solvr/server-storage';
import { UsersDataModule } from '@solvr/server-users';
import { DownloadsController } from './downloads.controller';
import { FileDownload, FileRecord, ReleaseSubscription } from './file.entity';
import { AdminFilesController, FilesController } from './files.controller';
import { FilesService } from './files.service';
import { ReleaseDownloadsController, ReleasesController } from './releases/releases.controller';
import { ReleasesService } from './releases/releases.service';
import { StoredFileResponder } from './stored-file.responder';
import { UploadsService } from './uploads.service';

/**
 * Owns files and file_downloads (FilesService) and release_subscriptions (ReleasesService); the bytes go through
 * StorageService, the user's counter through UsersService, release mail through the outbox, purchases and checkouts
 * through PaymentsService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord, FileDownload, ReleaseSubscription]), UsersDataModule, StorageModule, MailModule, PaymentsModule],
  controllers: [FilesController, AdminFilesController, DownloadsController, ReleasesController, ReleaseDownloadsController],
  providers: [FilesService, UploadsService, ReleasesService, StoredFileResponder, FileStats],
  exports: [FilesService, UploadsService, ReleasesService, StoredFileResponder],
})
export class FilesModule {}
