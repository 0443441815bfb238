import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A bulk send from the Email Center; its messages are the outbox rows with this campaign_id. */
@Entity('mail_campaigns')
export class MailCampaign {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 300 }) subject: string;
  @Column({ type: 'text' }) message: string;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  /** Messages made: the recipients minus the opted-out. */
  @Column({ type: 'int', default: 0 }) total: number;
  @Column({ type: 'int', default: 0 }) skipped: number;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}
