import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminFileStats, AdminFileView, CheckoutStart, DownloadLink, FileView, LibraryPage, LibrarySummary, UploadLimits } from '@solvr/contracts';
import { AppConfig, Audited, CurrentUser, fieldOf, InjectConfig, NoStore, Roles, type SessionUser } from '@solvr/server-core';
import { DOWNLOAD_HOLDER_COOKIE, holderCookie, holderCookieOptions } from './download-holder';
import { filesConfig, type FilesConfig } from './files.config';
import { FilesService } from './files.service';
import { FileStats } from './file-stats';
import { UploadsService } from './uploads.service';
import { FileUpdateDto, LibraryListQueryDto } from './files.dto';

/** The library (signed-in): only what the caller may see, by the rule of spec section 6. */
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    @InjectConfig() private readonly config: AppConfig,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {}

  /** A page of the library: search, type filter and sort as the Downloads page offers them (spec section 2). */
  @Get()
  list(@Query() query: LibraryListQueryDto, @CurrentUser() user: SessionUser): Promise<LibraryPage> {
    return this.files.pageFor(user, query);
  }

  @Get('summary')
  summary(@CurrentUser() user: SessionUser): Promise<LibrarySummary> {
    return this.files.summaryFor(user);
  }

  @Get(':id')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<FileView> {
    return this.files.getFor(id, user);
  }

  /** Counts the download once and answers a signed link valid DOWNLOAD_URL_TTL_SECONDS; 404 hidden, 403 not bought. */
  @Post(':id/download')
  @HttpCode(200)
  async download(@Param('id') id: string, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: FastifyReply): Promise<DownloadLink> {
    const link = await this.files.download(id, user);
    setDownloadHolder(res, user, this.config, this.settings);
    return link;
  }

  /** 'Buy {price}': a checkout url for the stored price, or `owned` when the caller may already download it. */
  @Post(':id/checkout')
  @HttpCode(200)
  checkout(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<CheckoutStart> {
    return this.files.checkout(id, user);
  }
}

/** The admin console's Files and Upload tabs (a file's allowed_users are e-mail addresses). */
@Controller('admin/files')
@Roles('admin')
@NoStore()
export class AdminFilesController {
  constructor(
    private readonly files: FilesService,
    private readonly uploads: UploadsService,
    private readonly fileStats: FileStats,
    @InjectConfig() private readonly config: AppConfig,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {}

  @Get()
  list(): Promise<AdminFileView[]> {
    return this.files.listAll();
  }

  /** Total Files, Total Downloads and downloads per day for the Overview. */
  @Get('stats')
  stats(): Promise<AdminFileStats> {
    return this.fileStats.overview();
  }

  @Get('limits')
  limits(): UploadLimits {
    return { max_bytes: this.settings.maxBytes };
  }

  /** multipart/form-data: the fields of UPLOAD_FIELDS, then the part `file`. 201 with the new file. */
  @Post()
  @Audited('file.upload', ({ result }) => ({ type: 'file', id: fieldOf(result, 'id'), label: fieldOf(result, 'name') }))
  upload(@Req() req: FastifyRequest, @CurrentUser() user: SessionUser): Promise<AdminFileView> {
    return this.uploads.receive(req, user);
  }

  @Patch(':id')
  @Audited('file.update', ({ params, body, result }) => ({ type: 'file', id: params.id, label: fieldOf(result, 'name'), detail: `is_active: ${String(body.is_active)}` }))
  update(@Param('id') id: string, @Body() body: FileUpdateDto): Promise<AdminFileView> {
    return this.files.setActive(id, body.is_active);
  }

  /**
   * Removes the record and the stored object. The answer is a 204, which has no body: the name returned here is
   * for the audit entry only, so the log still names the file once it is gone.
   */
  @Delete(':id')
  @HttpCode(204)
  @Audited('file.delete', ({ params, result }) => ({ type: 'file', id: params.id, label: fieldOf(result, 'name') }))
  remove(@Param('id') id: string): Promise<{ name: string }> {
    return this.files.remove(id);
  }

  /** "View": a signed link that is not counted as a download. */
  @Get(':id/url')
  async link(@Param('id') id: string, @CurrentUser() admin: SessionUser, @Res({ passthrough: true }) res: FastifyReply): Promise<DownloadLink> {
    const link = await this.files.adminLink(id, admin);
    setDownloadHolder(res, admin, this.config, this.settings);
    return link;
  }
}

/** With each link, the cookie that lets this browser (and no other) follow it. */
function setDownloadHolder(res: FastifyReply, user: SessionUser, config: AppConfig, settings: FilesConfig): void {
  res.setCookie(DOWNLOAD_HOLDER_COOKIE, holderCookie(user.id, settings.signingKey), holderCookieOptions(config.publicUrl.startsWith('https:')));
}
