import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';
import { FILE_LIMITS, type Arch, type Currency, type FileAccessType, type Platform, type ReleaseChannel, type ReleaseState } from '@solvr/contracts';

/** BIGINT comes back from MySQL as a string; sizes stay far below 2^53. */
const bigintNumber: ValueTransformer = { to: (v: number) => v, from: (v: string | number | null) => (v === null ? v : Number(v)) };

/** E-mails kept as a JSON list in a text column (read with the rule in @solvr/contracts, never queried). */
const emailList: ValueTransformer = {
  to: (v: string[] | undefined) => JSON.stringify(v ?? []),
  from: (v: string | null) => {
    try {
      const list: unknown = JSON.parse(v ?? '[]');
      return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
    } catch {
      return [];
    }
  },
};

/** Spec section 3, File. The bytes live in storage under storageKey, a random key that never holds user text. */
@Entity('files')
export class FileRecord {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: FILE_LIMITS.name }) name: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'varchar', length: FILE_LIMITS.version, default: '' }) version: string;
  @Column({ name: 'file_name', type: 'varchar', length: FILE_LIMITS.fileName }) fileName: string;
  @Column({ name: 'file_type', type: 'varchar', length: 130 }) fileType: string;
  @Column({ name: 'file_size', type: 'bigint', transformer: bigintNumber }) fileSize: number;
  @Column({ name: 'storage_key', type: 'varchar', length: 100, unique: true }) storageKey: string;
  @Column({ type: 'varchar', length: 64 }) sha256: string;
  @Column({ type: 'varchar', length: 100 }) sha512: string;
  @Column({ name: 'access_type', type: 'varchar', length: 20 }) accessType: FileAccessType;
  @Column({ name: 'allowed_users', type: 'text', transformer: emailList }) allowedUsers: string[];
  @Column({ name: 'is_active', type: 'boolean', default: true }) isActive: boolean;
  @Column({ name: 'is_paid', type: 'boolean', default: false }) isPaid: boolean;
  /** Cents. */
  @Column({ type: 'int', default: 0 }) price: number;
  @Column({ type: 'varchar', length: 3, default: 'USD' }) currency: Currency;
  @Column({ name: 'download_count', type: 'int', default: 0 }) downloadCount: number;
  @Column({ name: 'created_by', type: 'varchar', length: 36, nullable: true }) createdBy: string | null;
  /** Set by the api with milliseconds, so newest-first is a real order even within one second. */
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'updated_date', type: 'datetime', precision: 3 }) updatedDate: Date;
  /** Set when the file is the installer of a channel (then free and for all users). */
  @Column({ name: 'release_channel', type: 'varchar', length: 10, nullable: true }) releaseChannel: ReleaseChannel | null;
  @Column({ type: 'varchar', length: 10, nullable: true }) platform: Platform | null;
  @Column({ name: 'release_notes', type: 'text', nullable: true }) releaseNotes: string | null;
  /** A release file's CPU architecture (archOf its name); null for other files. */
  @Column({ type: 'varchar', length: 10, nullable: true }) arch: Arch | null;
}

/** One row per counted download (not per Range request): who, which file, when. */
@Entity('file_downloads')
export class FileDownload {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  /** Null once the file is deleted; the row stays, as the user's download count does. */
  @Column({ name: 'file_id', type: 'varchar', length: 36, nullable: true }) fileId: string | null;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId: string;
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

/** A version of the desktop app on a channel: its state in the update feeds and its staged rollout. Its files are the release files with the same channel and version. */
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
