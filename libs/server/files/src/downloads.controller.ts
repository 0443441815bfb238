import { Controller, ForbiddenException, Get, GoneException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_TEXTS } from '@solvr/contracts';
import { InjectConfig, Public } from '@solvr/server-core';
import { verifyDownload } from '@solvr/server-storage';
import { filesConfig, type FilesConfig } from './files.config';
import { StoredFileResponder } from './stored-file.responder';

/**
 * GET /api/download?key&name&expires&sig: the signed link handed out by POST /api/files/:id/download. Public
 * (the signature is the permission; the download was counted when the link was made); a changed or expired link
 * is refused.
 */
@Public()
@Controller('download')
export class DownloadsController {
  constructor(
    private readonly responder: StoredFileResponder,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {}

  @Get()
  async file(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const link = verifyDownload(req.query as Record<string, unknown>, this.settings.signingKey);
    if (!link.ok) throw link.reason === 'expired' ? new GoneException(FILE_TEXTS.linkExpired) : new ForbiddenException(FILE_TEXTS.linkInvalid);
    await this.responder.send(req, reply, { key: link.key, fileName: link.fileName });
  }
}
