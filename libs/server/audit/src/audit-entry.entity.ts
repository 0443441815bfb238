import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AuditAction } from '@solvr/contracts';

/** One admin action. Rows are only ever inserted: no route updates or deletes them. */
@Entity('audit_log')
@Index('audit_log_created_id', ['createdDate', 'id'])
@Index('audit_log_action_created', ['action', 'createdDate'])
export class AuditEntry {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 32 }) action: AuditAction;
  @Column({ name: 'actor_id', type: 'varchar', length: 36 }) actorId: string;
  @Column({ name: 'actor_email', type: 'varchar', length: 254 }) actorEmail: string;
  @Column({ name: 'target_type', type: 'varchar', length: 32 }) targetType: string;
  @Column({ name: 'target_id', type: 'varchar', length: 64, nullable: true }) targetId: string | null;
  @Column({ name: 'target_label', type: 'varchar', length: 300, nullable: true }) targetLabel: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) detail: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}
