import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { FIELD_MAX, type Role } from '@solvr/contracts';

@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: FIELD_MAX.email, unique: true }) email: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false }) passwordHash: string | null;
  @Column({ name: 'full_name', type: 'varchar', length: FIELD_MAX.fullName, nullable: true }) fullName: string | null;
  @Column({ type: 'varchar', length: 16, default: 'user' }) role: Role;
  @Column({ type: 'varchar', length: FIELD_MAX.company, nullable: true }) company: string | null;
  @Column({ name: 'job_title', type: 'varchar', length: FIELD_MAX.jobTitle, nullable: true }) jobTitle: string | null;
  @Column({ type: 'varchar', length: FIELD_MAX.phone, nullable: true }) phone: string | null;
  @Column({ name: 'street_address_1', type: 'varchar', length: FIELD_MAX.streetAddress, nullable: true }) streetAddress1: string | null;
  @Column({ name: 'street_address_2', type: 'varchar', length: FIELD_MAX.streetAddress, nullable: true }) streetAddress2: string | null;
  @Column({ type: 'varchar', length: FIELD_MAX.city, nullable: true }) city: string | null;
  @Column({ name: 'state_province', type: 'varchar', length: FIELD_MAX.stateProvince, nullable: true }) stateProvince: string | null;
  @Column({ name: 'postal_code', type: 'varchar', length: FIELD_MAX.postalCode, nullable: true }) postalCode: string | null;
  @Column({ type: 'varchar', length: FIELD_MAX.country, nullable: true }) country: string | null;
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @Column({ name: 'last_login', type: 'datetime', nullable: true }) lastLogin: Date | null;
  @Column({ name: 'profile_completed', type: 'boolean', default: false }) profileCompleted: boolean;
  @Column({ name: 'email_verified', type: 'boolean', default: false }) emailVerified: boolean;
  @Column({ name: 'google_id', type: 'varchar', length: 64, nullable: true, unique: true }) googleId: string | null;
  @Column({ name: 'token_version', type: 'int', default: 0 }) tokenVersion: number;
  @Column({ name: 'bulk_mail_opt_out', type: 'boolean', default: false }) bulkMailOptOut: boolean;
  @CreateDateColumn({ name: 'created_date', type: 'datetime' }) createdDate: Date;
  @UpdateDateColumn({ name: 'updated_date', type: 'datetime' }) updatedDate: Date;
}
