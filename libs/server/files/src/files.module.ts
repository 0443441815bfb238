import { FileStats } from './file-stats';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '@solvr/server-payments';
import { StorageModule } from '@solvr/server-storage';
import { UsersDataModule } from '@solvr/server-users';
import { DownloadsController } from './downloads.controller';
import { FileDownload, FileRecord } from './file.entity';
import { AdminFilesController, FilesController } from './files.controller';
import { FilesService } from './files.service';
import { FilesMailSegmentsModule } from './mail-segments';
import { StoredFileResponder } from './stored-file.responder';
import { UploadsService } from './uploads.service';
import { AdminUserFilesController, UserFiles } from './user-files';

/**
 * Owns files and file_downloads (FilesService); the bytes go through StorageService, the user's counter through
 * UsersService, purchases and checkouts through PaymentsService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord, FileDownload]), UsersDataModule, StorageModule, PaymentsModule, FilesMailSegmentsModule],
  controllers: [
    FilesController,
    AdminFilesController,
    DownloadsController,
    AdminUserFilesController,
  ],
  providers: [FilesService, UploadsService, StoredFileResponder, FileStats, UserFiles],
  exports: [FilesService, UploadsService, StoredFileResponder],
})
export class FilesModule {}
