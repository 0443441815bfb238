import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type MailSegmentSource, ProvidesMailSegment } from '@solvr/server-core';
import { PaymentsDataModule, PaymentsService } from '@solvr/server-payments';
import { FileRecord } from './file.entity';

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

/** The files feature's Email Center segments, loaded by the api (through FilesModule) and the worker alike. */
@Module({
  imports: [TypeOrmModule.forFeature([FileRecord]), PaymentsDataModule],
  providers: [BuyersMailSegment],
})
export class FilesMailSegmentsModule {}
