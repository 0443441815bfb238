import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { OutboxStatus } from '@solvr/contracts';

export type { OutboxStatus };
export type MailKind = 'verification' | 'password-reset' | 'profile-changed' | 'contact' | 'bulk' | 'test' | 'release';

/** Every e-mail is first a row here (durable, visible to admins), then a job whose id is the row id. */
@Entity('mail_outbox')
export class OutboxMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 40 }) kind: MailKind;
  @Column({ name: 'to_address', type: 'varchar', length: 254 }) to: string;
  @Column({ type: 'varchar', length: 300 }) subject: string;
  @Column({ name: 'text_body', type: 'text' }) text: string;
  @Column({ name: 'html_body', type: 'text', nullable: true }) html: string | null;
  @Column({ name: 'from_name', type: 'varchar', length: 200, nullable: true }) fromName: string | null;
  /** Extra headers as JSON (List-Unsubscribe on campaign mail). */
  @Column({ type: 'text', nullable: true }) headers: string | null;
  @Column({ type: 'varchar', length: 16, default: 'queued' }) status: OutboxStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'campaign_id', type: 'varchar', length: 36, nullable: true }) campaignId: string | null;
  @Column({ name: 'sent_at', type: 'datetime', nullable: true }) sentAt: Date | null;
  @CreateDateColumn({ name: 'created_date', type: 'datetime' }) createdDate: Date;
  @UpdateDateColumn({ name: 'updated_date', type: 'datetime' }) updatedDate: Date;
}
