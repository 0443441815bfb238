import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { DataSource, type EntityManager, QueryFailedError, Repository } from 'typeorm';
import {
  FILE_TEXTS,
  fileAccessDecision,
  fileAvailability,
  LIMITS,
  type AdminFileView,
  type CheckoutStart,
  type FileAvailability,
  type LibrarySummary,
  type DownloadLink,
  type FileView,
  type FileViewer,
  type UploadRecord,
} from '@solvr/contracts';
import { AccessService, InjectConfig, type SessionUser } from '@solvr/server-core';
import { PaymentsService } from '@solvr/server-payments';
import { ObjectMissing, signDownload, StorageService } from '@solvr/server-storage';
import { UsersService } from '@solvr/server-users';
import { FileDownload, FileRecord } from './file.entity';
import { accessFacts, toAdminFileView, toFileView } from './file.views';
import { filesConfig, type FilesConfig } from './files.config';
import { LibraryCache, type LibraryEntry } from './library-cache';

/** Where the signed links point; the DownloadsController answers there. */
export const DOWNLOAD_PATH = '/api/download';

/** The stored object of a new upload, as StorageService.put measured it. */
export interface StoredUpload {
  key: string;
  fileName: string;
  fileType: string;
  size: number;
  sha256: string;
  sha512: string;
}

/** MySQL's answers when two transactions collide; the transaction is simply run again. */
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** The one owner of the files and file_downloads tables. Every decision on a file goes through the spec section 6 rule. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');
  /** SQLite runs on one shared connection: transactions there must not interleave, so they queue. */
  private sqliteTail: Promise<unknown> = Promise.resolve();
  private readonly library: LibraryCache;

  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly storage: StorageService,
    private readonly access: AccessService,
    private readonly payments: PaymentsService,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {
    this.library = new LibraryCache(files, dataSource);
  }

  /**
   * The caller as the rule sees it: the admin role is read from the database on each call, and so are the paid files
   * the caller bought (PaymentsService owns purchases), so a purchase or a refund shows on the next request.
   */
  private async viewerOf(user: SessionUser | null | undefined): Promise<FileViewer> {
    const viewer = await this.access.viewer(user);
    const purchased = viewer.user && !viewer.isAdmin ? await this.payments.paidFileIds(viewer.user.id) : undefined;
    return { email: viewer.user?.email ?? null, isAdmin: viewer.isAdmin, purchased };
  }

  /**
   * GET /api/files: the JSON array of what the caller sees, newest first. Callers who see the same share one body: its
   * key is each file's availability for the caller, purchases included, so a buyer gets Download right after the webhook.
   */
  async listJsonFor(user: SessionUser): Promise<Buffer> {
    const [viewer, entries] = await Promise.all([this.viewerOf(user), this.library.all()]);
    return this.library.body(
      entries,
      entries.map((entry) => fileAvailability(entry.facts, viewer)),
    );
  }

  /** The Dashboard tiles and the library's stat cards, over what the caller sees. */
  async summaryFor(user: SessionUser): Promise<LibrarySummary> {
    const [visible, account] = await Promise.all([this.visibleTo(user), this.users.findById(user.id)]);
    const weekAgo = Date.now() - LIMITS.newThisWeekMinutes * 60_000;
    let popular: LibraryEntry | null = null;
    for (const [entry] of visible) if (!popular || entry.downloadCount > popular.downloadCount) popular = entry;
    return {
      total_files: visible.length,
      available_files: visible.filter(([, availability]) => availability === 'download').length,
      your_downloads: account?.downloadCount ?? 0,
      new_this_week: visible.filter(([entry]) => entry.createdMs >= weekAgo).length,
      most_popular: popular ? { id: popular.id, name: popular.name, download_count: popular.downloadCount } : null,
    };
  }

  private async visibleTo(user: SessionUser): Promise<[LibraryEntry, Exclude<FileAvailability, 'hidden'>][]> {
    const [viewer, entries] = await Promise.all([this.viewerOf(user), this.library.all()]);
    return entries.flatMap((entry) => {
      const availability = fileAvailability(entry.facts, viewer);
      return availability === 'hidden' ? [] : [[entry, availability] as [LibraryEntry, Exclude<FileAvailability, 'hidden'>]];
    });
  }

  /** One file, or 404 whether it does not exist or the caller may not see it. */
  async getFor(id: string, user: SessionUser): Promise<FileView> {
    const row = await this.files.findOneBy({ id });
    const availability = row ? fileAvailability(accessFacts(row), await this.viewerOf(user)) : 'hidden';
    if (!row || availability === 'hidden') throw new NotFoundException(FILE_TEXTS.notFound);
    return toFileView(row, availability);
  }

  /**
   * Spec section 4, Download: checks access (hidden: 404; paid and not bought: 403 with the spec's text), then
   * counts it once (file, user and a downloads row in one transaction) and hands out a short-lived signed link.
   */
  async download(id: string, user: SessionUser): Promise<DownloadLink> {
    const row = await this.files.findOneBy({ id });
    const decision = row ? fileAccessDecision(accessFacts(row), await this.viewerOf(user), 'download') : 'not-found';
    if (!row || decision === 'not-found') throw new NotFoundException(FILE_TEXTS.notFound);
    if (decision === 'forbidden') throw new ForbiddenException(FILE_TEXTS.noAccess);
    await this.requireStored(row);
    await this.countDownload(row.id, user.id);
    return this.link(row);
  }

  /**
   * 'Buy {price}': a checkout for the file's stored price and currency (never the client's). A file the caller may
   * already download (listed, or bought) needs no payment: the answer says so and the web downloads it.
   */
  async checkout(id: string, user: SessionUser): Promise<CheckoutStart> {
    const row = await this.files.findOneBy({ id });
    const availability = row ? fileAvailability(accessFacts(row), await this.viewerOf(user)) : 'hidden';
    if (!row || availability === 'hidden') throw new NotFoundException(FILE_TEXTS.notFound);
    if (availability === 'download') return { kind: 'owned' };
    return this.payments.startCheckout({ fileId: row.id, name: row.name, price: row.price, currency: row.currency }, user);
  }

  /** Admin console: every file, newest first, with its allowed list. */
  async listAll(): Promise<AdminFileView[]> {
    const rows = await this.files.find({ order: { createdDate: 'DESC', id: 'DESC' } });
    return rows.map(toAdminFileView);
  }

  /** Admin "View": a link to the bytes that is not counted as a download. */
  async adminLink(id: string): Promise<DownloadLink> {
    const row = await this.find(id);
    await this.requireStored(row);
    return this.link(row);
  }

  async setActive(id: string, isActive: boolean): Promise<AdminFileView> {
    const row = await this.find(id);
    const updatedDate = new Date();
    await this.files.update({ id }, { isActive, updatedDate });
    return toAdminFileView({ ...row, isActive, updatedDate });
  }

  /**
   * Deletes the stored object, then the record. A failure leaves the record (and a retry deletes again); the
   * downloads rows stay, without the file, as the users' counts do.
   */
  async remove(id: string): Promise<void> {
    const row = await this.find(id);
    await this.storage.delete(row.storageKey);
    await this.files.delete({ id });
  }

  /** The record of an upload whose bytes are stored; new files start active with download_count 0. */
  async create(record: UploadRecord, stored: StoredUpload, createdBy: string): Promise<AdminFileView> {
    const now = new Date();
    const row = this.files.create({
      id: randomUUID(),
      name: record.name,
      description: record.description,
      version: record.version,
      fileName: stored.fileName,
      fileType: stored.fileType,
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
      releaseChannel: record.release_channel,
      platform: record.platform,
      releaseNotes: record.release_notes,
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

  private link(row: FileRecord): DownloadLink {
    const expiresAt = new Date(Date.now() + this.settings.linkTtlSeconds * 1000);
    const query = signDownload(row.storageKey, row.fileName, expiresAt, this.settings.signingKey);
    return { url: `${DOWNLOAD_PATH}?${query}`, expires_at: expiresAt.toISOString() };
  }

  /**
   * The file's counter, the user's counter and a downloads row, all or nothing. Rows are locked in one order
   * (file, then user, then the insert that references both), so concurrent downloads queue instead of deadlocking.
   */
  async countDownload(fileId: string, userId: string): Promise<void> {
    await this.transaction(async (tx) => {
      const counted = await tx.increment(FileRecord, { id: fileId }, 'downloadCount', 1);
      if (!counted.affected) throw new NotFoundException(FILE_TEXTS.notFound);
      await this.users.countDownload(userId, tx);
      await tx.insert(FileDownload, { id: randomUUID(), fileId, userId, createdDate: new Date() });
    });
  }

  /** A release fetched at /downloads/{name} without a session: the file's counter only. */
  async countAnonymousDownload(fileId: string): Promise<void> {
    await this.files.increment({ id: fileId }, 'downloadCount', 1);
  }

  private async transaction(work: (tx: EntityManager) => Promise<void>): Promise<void> {
    if (this.dataSource.options.type === 'better-sqlite3') {
      const run = this.sqliteTail.then(() => this.dataSource.transaction(work));
      this.sqliteTail = run.catch(() => undefined);
      await run;
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.dataSource.transaction(work);
        return;
      } catch (err) {
        const code = err instanceof QueryFailedError ? (err.driverError as { code?: string } | undefined)?.code : undefined;
        if (!code || !RETRYABLE.has(code) || attempt >= 3) throw err;
      }
    }
  }
}
