import { Controller, ForbiddenException, Get, GoneException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_TEXTS } from '@solvr/contracts';
import { InjectConfig, Public, ApiDoc, doc } from '@solvr/server-core';
import { verifyDownload } from '@solvr/server-storage';
import { holderOf, DOWNLOAD_HOLDER_COOKIE } from './download-holder';
import { filesConfig, type FilesConfig } from './files.config';
import { StoredFileResponder } from './stored-file.responder';

/** Parts of the API reference (ApiDoc) that several of these routes share. */
const signedQuery = { key: 'Stored object', name: 'File name to save as', expires: 'Unix time the link ends', sig: 'Signature' };

/**
 * GET /api/download?key&name&expires&sig: the signed link handed out by POST /api/files/:id/download. No session
 * is needed (the download was counted when the link was made): the signature is the permission, for the browser
 * whose holder cookie names the user it was made for. A changed link, another user's or no one's is refused, and
 * so is an expired one.
 */
@Public()
@Controller('download')
export class DownloadsController {
  constructor(
    private readonly responder: StoredFileResponder,
    @InjectConfig(filesConfig) private readonly settings: FilesConfig,
  ) {}

  @Get()
  @ApiDoc('Files', {
    summary: 'Follow a signed download link',
    description: 'The signature is the permission, for the browser holding the cookie the link was made for (a file_url of the platform layer needs none).',
    auth: 'signedLink',
    query: Object.fromEntries(Object.entries(signedQuery).map(([k, d]) => [k, { description: d, required: true }])),
    answers: doc.storedFile,
    errors: [403, 404, 410],
  })
  async file(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = req.query as Record<string, unknown>;
    const holder = holderOf(req.cookies[DOWNLOAD_HOLDER_COOKIE], this.settings.signingKey);
    const own = holder ? verifyDownload(query, this.settings.signingKey, undefined, holder) : undefined;
    // Else only a link made for no holder passes: the platform's Core.UploadFile file_url, a bearer link by design.
    const link = own && (own.ok || own.reason === 'expired') ? own : verifyDownload(query, this.settings.signingKey);
    if (!link.ok) throw link.reason === 'expired' ? new GoneException(FILE_TEXTS.linkExpired) : new ForbiddenException(FILE_TEXTS.linkInvalid);
    await this.responder.send(req, reply, { key: link.key, fileName: link.fileName });
  }
}
