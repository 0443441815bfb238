import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type LinkPurpose = 'verify-email' | 'reset-password';

@Entity('auth_tokens')
export class AuthToken {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId: string;
  @Column({ type: 'varchar', length: 20 }) purpose: LinkPurpose;
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'datetime' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'datetime', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_date', type: 'datetime' }) createdDate: Date;
}
