import type { CampaignFormat } from './campaign-message';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A bulk send from the Email Center; its messages are the outbox rows with this campaign_id. */
@Entity('mail_campaigns')
export class MailCampaign {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 300 }) subject: string;
  @Column({ type: 'text' }) message: string;
  /** Markdown, or for campaigns sent before it plain paragraphs ('text'): each is rendered as it was written. */
  @Column({ type: 'varchar', length: 10, default: 'text' }) format: CampaignFormat;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  /** Messages made: the recipients minus the opted-out (counted when created, exact once fanned out). */
  @Column({ type: 'int', default: 0 }) total: number;
  @Column({ type: 'int', default: 0 }) skipped: number;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  /** The recipients as the admin chose them (JSON MailAudience), read by the fan-out in the worker. */
  @Column({ type: 'text', nullable: true }) audience: string | null;
  /** The fan-out's cursor: the last user id whose message is in the outbox ('' before the first chunk). */
  @Column({ name: 'fanout_after', type: 'varchar', length: 36, default: '' }) fanoutAfter: string;
  /** True once every recipient has an outbox row; until then the reconciler restarts a stalled fan-out. */
  @Column({ name: 'fanned_out', type: 'boolean', default: true }) fannedOut: boolean;
  @Column({ name: 'fanout_at', type: 'datetime', precision: 3, nullable: true }) fanoutAt: Date | null;
}
