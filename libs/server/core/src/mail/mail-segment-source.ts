import { SetMetadata } from '@nestjs/common';

/**
 * A segment of users for campaign mail that a feature owns (buyers of a file, users waiting for a platform): the
 * mail feature lists its options and walks its users without importing the feature. Each source queries only its
 * owner's tables; the mail feature then keeps the confirmed, not opted-out users among the ids it yields.
 */
export interface MailSegmentSource {
  /** The segment kind it answers (a MailSegmentKind of the contracts). */
  readonly kind: string;
  /** What the admin chooses from (the files, the platforms), by value and label. */
  options(): Promise<Array<{ value: string; label: string }>>;
  /** The label of one option, or null when there is no such option (the api answers 400). */
  optionLabel(option: string): Promise<string | null>;
  /**
   * Distinct user ids in the segment, ascending, greater than `after`, at most `limit`: a campaign to 100,000 users
   * is walked a chunk at a time, and a fan-out cut short resumes after the last id it finished.
   */
  userIds(option: string, after: string, limit: number): Promise<string[]>;
}

export const MAIL_SEGMENT_SOURCE = 'solvr:mail-segment-source';

/** Marks a provider as a MailSegmentSource; the mail feature finds every marked provider the process loads. */
export const ProvidesMailSegment = (): ClassDecorator => SetMetadata(MAIL_SEGMENT_SOURCE, true);
