import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, sendAsset } from '@solvr/server-core';
import { ApiDocs } from './api-docs';
import { DOCS_CSP } from './docs-page';

/** The OpenAPI document and its reference page (Swagger UI, served from here: the site loads nothing from a CDN). */
@Public()
@Controller()
export class ApiDocsController {
  constructor(private readonly docs: ApiDocs) {}

  @Get('openapi.json')
  async document(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendAsset(req, reply, await this.docs.openApi());
  }

  @Get('docs')
  async page(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.docs.referencePage();
    // In place of the closed policy every answer gets; sendAsset adds the headers only a document acts on.
    reply.header('Content-Security-Policy', DOCS_CSP);
    return sendAsset(req, reply, page);
  }

  @Get('docs/:asset')
  async asset(@Param('asset') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const asset = this.docs.file(name);
    if (!asset) throw new NotFoundException();
    return sendAsset(req, reply, await asset);
  }
}
