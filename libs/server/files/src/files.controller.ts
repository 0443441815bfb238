import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminFileStats, AdminFileView, CheckoutStart, DownloadLink, FileView, LibraryPage, LibrarySummary, UploadLimits } from '@solvr/contracts';
import { AppConfig, Audited, CurrentUser, fieldOf, InjectConfig, NoStore, Roles, type SessionUser, ApiDoc, doc, type JsonSchema } from '@solvr/server-core';
import { DOWNLOAD_HOLDER_COOKIE, holderCookie, holderCookieOptions } from './download-holder';
import { filesConfig, type FilesConfig } from './files.config';
import { FilesService } from './files.service';
import { FileStats } from './file-stats';
import { UploadsService } from './uploads.service';
import { FileUpdateDto, LibraryListQueryDto } from './files.dto';
import { UPLOAD_FIELDS, UPLOAD_FILE_FIELD } from '@solvr/contracts';

/** Parts of the API reference (ApiDoc) that several of these routes share. */
const HOLDER_SET = { 'Set-Cookie': 'solvr_download: binds the link to this browser (httpOnly)' };
const uploadForm: JsonSchema = {
  type: 'object',
  description: `The fields, then the part "${UPLOAD_FILE_FIELD}" (streamed; at most FILE_MAX_SIZE)`,
  properties: {
    ...Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, { type: 'string' }])),
    allowed_users: { type: 'string', description: 'JSON array of e-mail addresses (access_type specific_users)' },
    [UPLOAD_FILE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' },
  },
  required: ['name', UPLOAD_FILE_FIELD],
};

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
  @ApiDoc('Files', {
    summary: 'The library: a page of the files the caller may see',
    query: {
      search: 'Text in the name or description (any case)',
      sort: 'newest (default), oldest, name or popular',
      type: 'A type label such as ZIP (GET /api/files/summary lists them in `types`)',
      after: 'The `next` cursor of the previous page (of the same sort)',
      limit: 'Files per page, 1 to 100 (default 48)',
    },
    answers: doc.ok('LibraryPage'),
  })
  list(@Query() query: LibraryListQueryDto, @CurrentUser() user: SessionUser): Promise<LibraryPage> {
    return this.files.pageFor(user, query);
  }

  @Get('summary')
  @ApiDoc('Files', { summary: "The Dashboard's counts", answers: doc.ok('LibrarySummary') })
  summary(@CurrentUser() user: SessionUser): Promise<LibrarySummary> {
    return this.files.summaryFor(user);
  }

  @Get(':id')
  @ApiDoc('Files', { summary: 'One file of the library', answers: doc.ok('FileView') })
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<FileView> {
    return this.files.getFor(id, user);
  }

  /** Counts the download once and answers a signed link valid DOWNLOAD_URL_TTL_SECONDS; 404 hidden, 403 not bought. */
  @Post(':id/download')
  @HttpCode(200)
  @ApiDoc('Files', {
    summary: 'Count a download and get a signed link',
    description: 'The link is valid DOWNLOAD_URL_TTL_SECONDS, for this browser only (holder cookie).',
    answers: [{ status: 200, description: 'The link', json: 'DownloadLink', headers: HOLDER_SET }],
    errors: [403],
  })
  async download(@Param('id') id: string, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: FastifyReply): Promise<DownloadLink> {
    const link = await this.files.download(id, user);
    setDownloadHolder(res, user, this.config, this.settings);
    return link;
  }

  /** 'Buy {price}': a checkout url for the stored price, or `owned` when the caller may already download it. */
  @Post(':id/checkout')
  @HttpCode(200)
  @ApiDoc('Files', { summary: 'Buy a paid file: a Stripe Checkout link, or `owned`', answers: doc.ok('CheckoutStart'), errors: [400, 503] })
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
  @ApiDoc('Admin: files', { summary: 'Every file, with its allowed users', answers: doc.ok('AdminFileView[]') })
  list(): Promise<AdminFileView[]> {
    return this.files.listAll();
  }

  /** Total Files, Total Downloads and downloads per day for the Overview. */
  @Get('stats')
  @ApiDoc('Admin: files', { summary: 'Total files, total downloads and downloads per day', answers: doc.ok('AdminFileStats') })
  stats(): Promise<AdminFileStats> {
    return this.fileStats.overview();
  }

  @Get('limits')
  @ApiDoc('Admin: files', { summary: 'The largest upload', answers: doc.ok('UploadLimits') })
  limits(): UploadLimits {
    return { max_bytes: this.settings.maxBytes };
  }

  /** multipart/form-data: the fields of UPLOAD_FIELDS, then the part `file`. 201 with the new file. */
  @Post()
  @Audited('file.upload', ({ result }) => ({ type: 'file', id: fieldOf(result, 'id'), label: fieldOf(result, 'name') }))
  @ApiDoc('Admin: files', {
    summary: 'Upload a file',
    body: { multipart: uploadForm },
    answers: doc.created('AdminFileView', 'Uploaded'),
    errors: [400, 409, 413, 415],
  })
  upload(@Req() req: FastifyRequest, @CurrentUser() user: SessionUser): Promise<AdminFileView> {
    return this.uploads.receive(req, user);
  }

  @Patch(':id')
  @Audited('file.update', ({ params, body, result }) => ({ type: 'file', id: params.id, label: fieldOf(result, 'name'), detail: `is_active: ${String(body.is_active)}` }))
  @ApiDoc('Admin: files', { summary: 'Activate or deactivate a file', answers: doc.ok('AdminFileView') })
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
  @ApiDoc('Admin: files', { summary: 'Delete a file and its stored bytes', answers: doc.noContent('Deleted') })
  remove(@Param('id') id: string): Promise<{ name: string }> {
    return this.files.remove(id);
  }

  /** "View": a signed link that is not counted as a download. */
  @Get(':id/url')
  @ApiDoc('Admin: files', { summary: 'A signed link to view a file (not counted)', answers: [{ status: 200, description: 'The link', json: 'DownloadLink', headers: HOLDER_SET }] })
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
