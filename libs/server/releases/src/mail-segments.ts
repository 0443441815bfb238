import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@solvr/contracts';
import { type MailSegmentSource, ProvidesMailSegment } from '@solvr/server-core';
import { ReleaseSubscription } from './release.entity';

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

/** The releases feature's Email Center segment, loaded by the api (through ReleasesModule) and the worker alike. */
@Module({
  imports: [TypeOrmModule.forFeature([ReleaseSubscription])],
  providers: [WaitingMailSegment],
})
export class ReleasesMailSegmentsModule {}
