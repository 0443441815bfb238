import { Controller, Get, Injectable, NotFoundException, Param } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ADMIN_USER_PANEL_LIMIT, ADMIN_USERS_TEXTS, type AdminUserDownloads, type AdminUserPurchases, revenueOf } from '@solvr/contracts';
import { NoStore, Roles, ApiDoc, doc } from '@solvr/server-core';
import { PaymentsService } from '@solvr/server-payments';
import { UsersService } from '@solvr/server-users';
import { FileDownload, FileRecord } from './file.entity';

/** The admin's user panel: one user's downloads (file_downloads, owned here) and purchases (through PaymentsService), with file names. */
@Injectable()
export class UserFiles {
  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    @InjectRepository(FileDownload) private readonly downloads: Repository<FileDownload>,
    private readonly users: UsersService,
    private readonly payments: PaymentsService,
  ) {}

  private async known(userId: string): Promise<void> {
    if (!(await this.users.exists(userId))) throw new NotFoundException(ADMIN_USERS_TEXTS.userNotFound);
  }

  private async filesByIds(ids: Array<string | null>): Promise<Map<string, FileRecord>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    const rows = wanted.length ? await this.files.find({ select: { id: true, name: true, version: true }, where: { id: In(wanted) } }) : [];
    return new Map(rows.map((f) => [f.id, f]));
  }

  /** Newest first (index idx_file_downloads_user), the newest ADMIN_USER_PANEL_LIMIT, and how many in all. */
  async downloadsOf(userId: string): Promise<AdminUserDownloads> {
    await this.known(userId);
    const [rows, total] = await this.downloads.findAndCount({ where: { userId }, order: { createdDate: 'DESC', id: 'DESC' }, take: ADMIN_USER_PANEL_LIMIT });
    const files = await this.filesByIds(rows.map((r) => r.fileId));
    return {
      downloads: rows.map((r) => {
        const file = r.fileId ? files.get(r.fileId) : undefined;
        return { id: r.id, file_id: r.fileId, file_name: file?.name ?? null, file_version: file?.version || null, created_date: r.createdDate.toISOString() };
      }),
      total,
    };
  }

  async purchasesOf(userId: string): Promise<AdminUserPurchases> {
    await this.known(userId);
    const rows = await this.payments.purchasesBy(userId, ADMIN_USER_PANEL_LIMIT);
    const files = await this.filesByIds(rows.map((r) => r.fileId));
    const purchases = rows.map((r) => ({
      id: r.id,
      file_id: r.fileId,
      file_name: files.get(r.fileId)?.name ?? null,
      amount_paid: r.amountPaid,
      currency: r.currency,
      payment_status: r.paymentStatus,
      created_date: r.createdDate.toISOString(),
    }));
    return { purchases, revenue: revenueOf(purchases) };
  }
}

/** The files part of the admin's user panel; the user's details are the users feature's GET /api/admin/users/:id. */
@Controller('admin/users')
@Roles('admin')
@NoStore()
export class AdminUserFilesController {
  constructor(private readonly userFiles: UserFiles) {}

  /** GET /api/admin/users/:id/downloads: 404 for an unknown user. */
  @Get(':id/downloads')
  @ApiDoc('Admin: users', { summary: "A user's downloads, newest first", answers: doc.ok('AdminUserDownloads') })
  downloads(@Param('id') id: string): Promise<AdminUserDownloads> {
    return this.userFiles.downloadsOf(id);
  }

  /** GET /api/admin/users/:id/purchases: 404 for an unknown user. */
  @Get(':id/purchases')
  @ApiDoc('Admin: users', { summary: "A user's purchases, newest first", answers: doc.ok('AdminUserPurchases') })
  purchases(@Param('id') id: string): Promise<AdminUserPurchases> {
    return this.userFiles.purchasesOf(id);
  }
}
