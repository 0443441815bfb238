import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AdminFileStats } from '@solvr/contracts';
import { countPerDay } from '@solvr/server-core';
import { FileDownload, FileRecord } from './file.entity';

/** The admin Overview's file figures: read-only, from the tables this feature owns. */
@Injectable()
export class FileStats {
  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    @InjectRepository(FileDownload) private readonly downloads: Repository<FileDownload>,
  ) {}

  async overview(now = new Date()): Promise<AdminFileStats> {
    const [totals, perDay] = await Promise.all([
      this.files.createQueryBuilder('f').select('COUNT(*)', 'files').addSelect('COALESCE(SUM(f.download_count), 0)', 'downloads').getRawOne<{ files: string; downloads: string }>(),
      countPerDay(this.downloads.createQueryBuilder('d'), 'd.created_date', now),
    ]);
    return {
      total_files: Number(totals?.files ?? 0),
      total_downloads: Number(totals?.downloads ?? 0),
      downloads_per_day: perDay,
    };
  }
}
