import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, sendAsset, ApiDoc, doc } from '@solvr/server-core';
import { ApiDocs } from './api-docs';
import { DOCS_CSP } from './docs-page';

/** The OpenAPI document and its reference page (Swagger UI, served from here: the site loads nothing from a CDN). */
@Public()
@Controller()
export class ApiDocsController {
  constructor(private readonly docs: ApiDocs) {}

  @Get('openapi.json')
  @ApiDoc('Site', { summary: 'This document (OpenAPI 3.1)', answers: doc.ok({ type: 'object', description: 'An OpenAPI 3.1 document' }) })
  async document(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return sendAsset(req, reply, await this.docs.openApi());
  }

  @Get('docs')
  @ApiDoc('Site', { summary: 'The API reference page (Swagger UI)', answers: [{ status: 200, description: 'The page', content: doc.text('text/html') }] })
  async page(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.docs.referencePage();
    // In place of the closed policy every answer gets; sendAsset adds the headers only a document acts on.
    reply.header('Content-Security-Policy', DOCS_CSP);
    return sendAsset(req, reply, page);
  }

  @Get('docs/:asset')
  @ApiDoc('Site', {
    summary: "The reference page's script and styles",
    answers: [{ status: 200, description: 'The file', content: { 'text/javascript': { type: 'string' }, 'text/css': { type: 'string' } } }, { status: 304, description: 'If-None-Match names the current ETag' }],
  })
  async asset(@Param('asset') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const asset = this.docs.file(name);
    if (!asset) throw new NotFoundException();
    return sendAsset(req, reply, await asset);
  }
}
