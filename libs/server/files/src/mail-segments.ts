import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@solvr/contracts';
import { type MailSegmentSource, ProvidesMailSegment } from '@solvr/server-core';
import { PaymentsDataModule, PaymentsService } from '@solvr/server-payments';
import { FileRecord, ReleaseSubscription } from './file.entity';

/** Email Center segment "buyers of a file": the paid files to choose from (ours), their buyers (payments'). */
@Injectable()
@ProvidesMailSegment()
export class BuyersMailSegment implements MailSegmentSource {
  readonly kind = 'buyers';

  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    private readonly payments: PaymentsService,
  ) {}

  async options(): Promise<Array<{ value: string; label: string }>> {
    const rows = await this.files.find({ select: { id: true, name: true, version: true }, where: { isPaid: true }, order: { name: 'ASC', version: 'ASC' } });
    return rows.map((f) => ({ value: f.id, label: f.version ? `${f.name} ${f.version}` : f.name }));
  }

  async optionLabel(option: string): Promise<string | null> {
    const file = await this.files.findOne({ select: { id: true, name: true, version: true }, where: { id: option, isPaid: true } });
    return file ? (file.version ? `${file.name} ${file.version}` : file.name) : null;
  }

  userIds(option: string, after: string, limit: number): Promise<string[]> {
    return this.payments.buyerIds(option, after, limit);
  }
}

/** Email Center segment "users waiting for a platform": who asked to be told (Notify me) and was not told yet. */
@Injectable()
@ProvidesMailSegment()
export class WaitingMailSegment implements MailSegmentSource {
  readonly kind = 'waiting';

  constructor(@InjectRepository(ReleaseSubscription) private readonly subscriptions: Repository<ReleaseSubscription>) {}

  async options(): Promise<Array<{ value: string; label: string }>> {
    return PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }));
  }

  async optionLabel(option: string): Promise<string | null> {
    return (PLATFORMS as readonly string[]).includes(option) ? PLATFORM_LABELS[option as Platform] : null;
  }

  async userIds(option: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.subscriptions
      .createQueryBuilder('s')
      .select('DISTINCT s.user_id', 'id')
      .where('s.platform = :platform AND s.notified_date IS NULL AND s.user_id > :after', { platform: option, after })
      .orderBy('s.user_id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }
}

/** The files feature's Email Center segments, loaded by the api (through FilesModule) and the worker alike. */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord, ReleaseSubscription]), PaymentsDataModule],
  providers: [BuyersMailSegment, WaitingMailSegment],
})
export class FilesMailSegmentsModule {}
