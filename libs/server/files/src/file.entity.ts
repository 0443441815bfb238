import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';
import { FILE_LIMITS, type Currency, type FileAccessType } from '@solvr/contracts';

/** BIGINT comes back from MySQL as a string; sizes stay far below 2^53. */
export const bigintNumber: ValueTransformer = { to: (v: number) => v, from: (v: string | number | null) => (v === null ? v : Number(v)) };

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
  /** fileTypeLabel(file_type, file_name), kept for the library's type filter (both are fixed at upload). */
  @Column({ name: 'type_label', type: 'varchar', length: 200, default: '' }) typeLabel: string;
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
