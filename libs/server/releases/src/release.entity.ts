import { Column, Entity, PrimaryColumn } from 'typeorm';
import { FILE_LIMITS, type Arch, type Platform, type ReleaseState } from '@solvr/contracts';
import { bigintNumber } from '@solvr/server-files';

/**
 * One file of a version of the desktop app: an installer, update package, block map or Squirrel file. Its bytes live
 * in storage under storageKey (releases/{uuid} for a publish; a file moved from the library keeps its key). Served
 * only while its version is published (GET /downloads/{file name}); admins fetch any of them from the console.
 */
@Entity('release_files')
export class ReleaseFile {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 10 }) channel: string;
  @Column({ type: 'varchar', length: FILE_LIMITS.version }) version: string;
  @Column({ type: 'varchar', length: 10 }) platform: Platform;
  /** archOf its name, kept so the feeds need not work it out. */
  @Column({ type: 'varchar', length: 10 }) arch: Arch;
  @Column({ name: 'file_name', type: 'varchar', length: FILE_LIMITS.fileName }) fileName: string;
  @Column({ name: 'file_type', type: 'varchar', length: 130 }) fileType: string;
  @Column({ name: 'file_size', type: 'bigint', transformer: bigintNumber }) fileSize: number;
  @Column({ name: 'storage_key', type: 'varchar', length: 100, unique: true }) storageKey: string;
  @Column({ type: 'varchar', length: 64 }) sha256: string;
  @Column({ type: 'varchar', length: 100 }) sha512: string;
  /** The size of the block map an AppImage carries at its end (electron-builder's blockMapSize), for differential updates. */
  @Column({ name: 'block_map_size', type: 'int', nullable: true }) blockMapSize: number | null;
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}

/** A user waiting for the first release of a platform (Notify me); notified_date is set when the one mail is queued. */
@Entity('release_subscriptions')
export class ReleaseSubscription {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId: string;
  @Column({ type: 'varchar', length: 10 }) platform: Platform;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'notified_date', type: 'datetime', precision: 3, nullable: true }) notifiedDate: Date | null;
}

/** A version of the desktop app on a channel: its state in the update feeds and its staged rollout. Its files are the release_files rows with the same channel and version. */
@Entity('release_versions')
export class ReleaseVersion {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 10 }) channel: string;
  @Column({ type: 'varchar', length: FILE_LIMITS.version }) version: string;
  @Column({ type: 'text' }) notes: string;
  @Column({ type: 'varchar', length: 10 }) state: ReleaseState;
  /** The share of installs (by electron-updater's staging id) the feeds offer this version to, 1 to 100. */
  @Column({ name: 'rollout_percentage', type: 'int', default: 100 }) rolloutPercentage: number;
  /** Paused: offered to no install that has not got it yet, until resumed. */
  @Column({ name: 'rollout_paused', type: 'boolean', default: false }) rolloutPaused: boolean;
  @Column({ name: 'published_date', type: 'datetime', precision: 3, nullable: true }) publishedDate: Date | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'updated_date', type: 'datetime', precision: 3 }) updatedDate: Date;
}

/** A token a CI job publishes releases with; only its SHA-256 is kept. */
@Entity('deploy_tokens')
export class DeployToken {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash: string;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'last_used_date', type: 'datetime', precision: 3, nullable: true }) lastUsedDate: Date | null;
  @Column({ name: 'revoked_date', type: 'datetime', precision: 3, nullable: true }) revokedDate: Date | null;
}

/** A release channel an admin added (stable and beta are built in). */
@Entity('release_channels')
export class ReleaseChannelRecord {
  @PrimaryColumn({ type: 'varchar', length: 10 }) name: string;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}
