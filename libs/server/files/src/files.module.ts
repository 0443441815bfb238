import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageModule } from '@solvr/server-storage';
import { UsersModule } from '@solvr/server-users';
import { DownloadsController } from './downloads.controller';
import { FileDownload, FileRecord } from './file.entity';
import { AdminFilesController, FilesController } from './files.controller';
import { FilesService } from './files.service';
import { UploadsService } from './uploads.service';

/** Owns the files and file_downloads tables; the bytes go through StorageService, the user's counter through UsersService. */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord, FileDownload]), UsersModule, StorageModule],
  controllers: [FilesController, AdminFilesController, DownloadsController],
  providers: [FilesService, UploadsService],
  exports: [FilesService],
})
export class FilesModule {}
