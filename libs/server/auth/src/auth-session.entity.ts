import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One refresh token. Rotation marks it rotated and adds a row in the same family; only the hash is kept. */
@Entity('auth_sessions')
export class AuthSession {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId: string;
  @Column({ name: 'family_id', type: 'varchar', length: 36 }) familyId: string;
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'datetime' }) expiresAt: Date;
  @Column({ name: 'rotated_at', type: 'datetime', nullable: true }) rotatedAt: Date | null;
  @Column({ name: 'revoked_at', type: 'datetime', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ name: 'created_date', type: 'datetime' }) createdDate: Date;
}
