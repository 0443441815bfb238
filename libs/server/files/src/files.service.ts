import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import {
  centsToDollars,
  FILE_TEXTS,
  fileAccessDecision,
  fileAvailability,
  fileTypeLabel,
  type AdminFileView,
  type CheckoutStart,
  type LibraryListQuery,
  type LibraryPage,
  type LibrarySummary,
  type DownloadLink,
  type FileView,
  type FileViewer,
  type UploadDraft,
  type UploadRecord,
  validateUpload,
} from '@solvr/contracts';
import { AccessService, applyRecordQuery, changedRows, InjectConfig, inTransaction, type RecordQuery, type SessionUser } from '@solvr/server-core';
import { PaymentsService } from '@solvr/server-payments';
import { ObjectMissing, signDownload, StorageService } from '@solvr/server-storage';
import { DOWNLOAD_PATH } from './download-holder';
import { UsersService } from '@solvr/server-users';
import { FileDownload, FileRecord } from './file.entity';
import { accessFacts, listedView, toAdminFileView, toFileView } from './file.views';
import { filesConfig, type FilesConfig } from './files.config';
import { LibraryReads } from './library-reads';

/** The stored object of a new upload, as StorageService.put measured it. */
export interface StoredUpload {
  key: string;
  fileName: string;
  fileType: string;
  size: number;
  sha256: string;
  sha512: string;
}

/** Who a platform-layer list is for: a caller, signed in or not (the spec section 6 rule decides), or the service role (every file). */
export type FileReader = SessionUser | null | 'service';

/** What an admin may change of a file's record (the upload form's fields, price in dollars as typed, and is_active). */
export type FileChanges = Partial<Omit<UploadDraft, 'fileName'>> & { is_active?: boolean };

/** MySQL's answers when two transactions collide; the transaction is simply run again. */

/** The one owner of the files and file_downloads tables. Every decision on a file goes through the spec section 6 rule. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');
  private readonly library: LibraryReads;

  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly storage: StorageService,
    private readonly access: AccessService,
    private readonly payments: PaymentsService,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {
    this.library = new LibraryReads(files);
  }

  /**
   * The caller as the rule sees it: the admin role is read from the database on each call, and so are the paid files
   * the caller bought (PaymentsService owns purchases), so a purchase or a refund shows on the next request. Deciding
   * on one `file`, purchases are read only if it is paid: the rule looks at them for paid files only.
   */
  private async viewerOf(user: SessionUser | null | undefined, file?: FileRecord): Promise<FileViewer> {
    const viewer = await this.access.viewer(user);
    const buyer = viewer.user && !viewer.isAdmin && (!file || file.isPaid) ? viewer.user : null;
    const purchased = buyer ? await this.payments.paidFileIds(buyer.id) : undefined;
    return { email: viewer.user?.email ?? null, isAdmin: viewer.isAdmin, purchased };
  }

  /** GET /api/files: a page of what the caller sees, searched, filtered and sorted in SQL (LibraryReads). */
  async pageFor(user: SessionUser, query: LibraryListQuery): Promise<LibraryPage> {
    return this.library.page(await this.viewerOf(user), query);
  }

  /** The Dashboard tiles and the library's stat cards, over what the caller sees. */
  async summaryFor(user: SessionUser): Promise<LibrarySummary> {
    const [viewer, account] = await Promise.all([this.viewerOf(user), this.users.findById(user.id)]);
    return this.library.summary(viewer, account?.downloadCount ?? 0);
  }

  /** One file, or 404 whether it does not exist or the caller may not see it. */
  async getFor(id: string, user: SessionUser): Promise<FileView> {
    const row = await this.files.findOneBy({ id });
    const availability = row ? fileAvailability(accessFacts(row), await this.viewerOf(user, row)) : 'hidden';
    if (!row || availability === 'hidden') throw new NotFoundException(FILE_TEXTS.notFound);
    return toFileView(row, availability);
  }

  /**
   * Spec section 4, Download: checks access (hidden: 404; paid and not bought: 403 with the spec's text), then
   * counts it once (file, user and a downloads row in one
   * transaction) and hands out a short-lived signed link.
   */
  async download(id: string, user: SessionUser): Promise<DownloadLink> {
    return this.link(await this.countedDownload(id, user), user.id);
  }

  /** The access check and the count of a download, without a link: the stored object to send. */
  async countedDownload(id: string, user: SessionUser): Promise<FileRecord> {
    const row = await this.files.findOneBy({ id });
    const decision = row ? fileAccessDecision(accessFacts(row), await this.viewerOf(user, row), 'download') : 'not-found';
    if (!row || decision === 'not-found') throw new NotFoundException(FILE_TEXTS.notFound);
    if (decision === 'forbidden') throw new ForbiddenException(FILE_TEXTS.noAccess);
    await this.requireStored(row);
    await this.countDownload(row.id, user.id);
    return row;
  }

  /**
   * 'Buy {price}': a checkout for the file's stored price and currency (never the client's). A file the caller may
   * already download (listed, or bought) needs no payment: the answer says so and the web downloads it.
   */
  async checkout(id: string, user: SessionUser): Promise<CheckoutStart> {
    const row = await this.files.findOneBy({ id });
    const availability = row ? fileAvailability(accessFacts(row), await this.viewerOf(user, row)) : 'hidden';
    if (!row || availability === 'hidden') throw new NotFoundException(FILE_TEXTS.notFound);
    if (availability === 'download') return { kind: 'owned' };
    return this.payments.startCheckout({ fileId: row.id, name: row.name, price: row.price, currency: row.currency }, user);
  }

  /**
   * The platform layer's list: the files matching `query` that the reader may see. Admins and the service role get
   * every match; anyone else what the library shows them. Both are paged in SQL. A caller without an account sees no
   * file (the rule needs an e-mail).
   */
  async records(query: RecordQuery, reader: FileReader): Promise<Array<FileView | AdminFileView>> {
    if (reader === null) return [];
    const viewer = reader === 'service' ? null : await this.viewerOf(reader);
    if (!viewer || viewer.isAdmin) return (await applyRecordQuery(this.files.createQueryBuilder('f'), query).getMany()).map(toAdminFileView);
    const rows = await applyRecordQuery(this.library.visible(viewer), query).getMany();
    return rows.map((row) => listedView(row, viewer));
  }

  /** An admin's change to a file's record, checked by the upload form's rule over the whole record as it becomes. */
  async edit(id: string, changes: FileChanges): Promise<AdminFileView> {
    const row = await this.find(id);
    const check = validateUpload({
      fileName: row.fileName,
      name: changes.name ?? row.name,
      description: changes.description ?? row.description,
      version: changes.version ?? row.version,
      is_paid: changes.is_paid ?? row.isPaid,
      price: changes.price ?? centsToDollars(row.price),
      currency: changes.currency ?? row.currency,
      access_type: changes.access_type ?? row.accessType,
      allowed_users: changes.allowed_users ?? row.allowedUsers,
    });
    if (!check.ok) throw new BadRequestException({ message: check.message, errors: { [check.field]: check.message } });
    const r = check.record;
    const columns = {
      name: r.name,
      description: r.description,
      version: r.version,
      isPaid: r.is_paid,
      price: r.price,
      currency: r.currency,
      accessType: r.access_type,
      allowedUsers: r.allowed_users,
      isActive: changes.is_active ?? row.isActive,
      updatedDate: new Date(),
    };
    await this.files.update({ id }, columns);
    return toAdminFileView({ ...row, ...columns });
  }

  /** Admin console: every file, newest first, with its allowed list. */
  async listAll(): Promise<AdminFileView[]> {
    const rows = await this.files.find({ order: { createdDate: 'DESC', id: 'DESC' } });
    return rows.map(toAdminFileView);
  }

  /** Admin "View": a link to the bytes that is not counted as a download. */
  async adminLink(id: string, admin: SessionUser): Promise<DownloadLink> {
    return this.link(await this.storedFile(id), admin.id);
  }

  /** Any file with its stored object, not counted (the admin's View). */
  async storedFile(id: string): Promise<FileRecord> {
    const row = await this.find(id);
    await this.requireStored(row);
    return row;
  }

  async setActive(id: string, isActive: boolean): Promise<AdminFileView> {
    const row = await this.find(id);
    const updatedDate = new Date();
    await this.files.update({ id }, { isActive, updatedDate });
    return toAdminFileView({ ...row, isActive, updatedDate });
  }

  /**
   * Deletes the stored object, then the record. A failure leaves the record (and a retry deletes again); the
   * downloads rows stay, without the file, as the users' counts do. Answers the file's name (for the audit log).
   */
  async remove(id: string): Promise<{ name: string }> {
    const row = await this.find(id);
    await this.storage.delete(row.storageKey);
    await this.files.delete({ id });
    return { name: row.name };
  }

  /** The record of an upload whose bytes are stored; new files start active with download_count 0. */
  async create(record: UploadRecord, stored: StoredUpload, createdBy: string | null): Promise<AdminFileView> {
    // Stored bytes belong to one record: deleting either would otherwise remove the other's bytes.
    if (await this.files.existsBy({ storageKey: stored.key })) throw new ConflictException(FILE_TEXTS.storedTwice);
    const now = new Date();
    const row = this.files.create({
      id: randomUUID(),
      name: record.name,
      description: record.description,
      version: record.version,
      fileName: stored.fileName,
      fileType: stored.fileType,
      typeLabel: fileTypeLabel(stored.fileType, stored.fileName),
      fileSize: stored.size,
      storageKey: stored.key,
      sha256: stored.sha256,
      sha512: stored.sha512,
      accessType: record.access_type,
      allowedUsers: record.allowed_users,
      isActive: true,
      isPaid: record.is_paid,
      price: record.price,
      currency: record.currency,
      downloadCount: 0,
      createdBy,
      createdDate: now,
      updatedDate: now,
    });
    await this.files.insert(row);
    return toAdminFileView(row);
  }

  private async find(id: string): Promise<FileRecord> {
    const row = await this.files.findOneBy({ id });
    if (!row) throw new NotFoundException(FILE_TEXTS.notFound);
    return row;
  }

  /** A record whose object went missing is an operator's problem: logged, and answered as a failed download. */
  private async requireStored(row: FileRecord): Promise<void> {
    try {
      await this.storage.stat(row.storageKey);
    } catch (err) {
      if (!(err instanceof ObjectMissing)) throw err;
      this.logger.error(`File ${row.id} has no stored object ${row.storageKey}`);
      throw new NotFoundException(FILE_TEXTS.fileMissing);
    }
  }

  /** A link only its holder's browser may follow (see download-holder.ts). */
  private link(row: FileRecord, holder: string): DownloadLink {
    const expiresAt = new Date(Date.now() + this.settings.linkTtlSeconds * 1000);
    const query = signDownload(row.storageKey, row.fileName, expiresAt, this.settings.signingKey, holder);
    return { url: `${DOWNLOAD_PATH}?${query}`, expires_at: expiresAt.toISOString() };
  }

  /**
   * The file's counter, the user's counter and a downloads row, all or nothing. Rows are locked in one order
   * (file, then user, then the insert that references both), so concurrent downloads queue instead of deadlocking.
   */
  async countDownload(fileId: string, userId: string): Promise<void> {
    const accountCounted = await inTransaction(this.dataSource, async (tx) => {
      if (!(await this.countFileDownload(tx, fileId))) throw new NotFoundException(FILE_TEXTS.notFound);
      const committed = await this.users.countDownload(userId, tx);
      await tx.insert(FileDownload, { id: randomUUID(), fileId, userId, createdDate: new Date() });
      return committed;
    });
    accountCounted();
  }

  /** Plain SQL (see plain-sql.ts): a download link waits for it. Answers whether the file still exists. */
  private async countFileDownload(runner: EntityManager | Repository<FileRecord>, fileId: string): Promise<boolean> {
    return (await changedRows(runner, 'UPDATE files SET download_count = download_count + 1 WHERE id = ?', [fileId])) > 0;
  }
}
