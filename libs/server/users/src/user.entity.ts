import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@solvr/contracts';

@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 254, unique: true }) email: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false }) passwordHash: string | null;
  @Column({ name: 'full_name', type: 'varchar', length: 200, nullable: true }) fullName: string | null;
  @Column({ type: 'varchar', length: 16, default: 'user' }) role: Role;
  @Column({ type: 'varchar', length: 200, nullable: true }) company: string | null;
  @Column({ name: 'job_title', type: 'varchar', length: 200, nullable: true }) jobTitle: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) phone: string | null;
  @Column({ name: 'street_address_1', type: 'varchar', length: 200, nullable: true }) streetAddress1: string | null;
  @Column({ name: 'street_address_2', type: 'varchar', length: 200, nullable: true }) streetAddress2: string | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) city: string | null;
  @Column({ name: 'state_province', type: 'varchar', length: 120, nullable: true }) stateProvince: string | null;
  @Column({ name: 'postal_code', type: 'varchar', length: 12, nullable: true }) postalCode: string | null;
  @Column({ type: 'varchar', length: 120, nullable: true }) country: string | null;
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @Column({ name: 'last_login', type: 'datetime', nullable: true }) lastLogin: Date | null;
  @Column({ name: 'profile_completed', type: 'boolean', default: false }) profileCompleted: boolean;
  @Column({ name: 'email_verified', type: 'boolean', default: false }) emailVerified: boolean;
  @Column({ name: 'google_id', type: 'varchar', length: 64, nullable: true, unique: true }) googleId: string | null;
  @CreateDateColumn({ name: 'created_date', type: 'datetime' }) createdDate: Date;
  @UpdateDateColumn({ name: 'updated_date', type: 'datetime' }) updatedDate: Date;
}
