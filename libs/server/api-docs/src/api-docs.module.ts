import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller';
import { ApiDocs } from './api-docs';

/** GET /api/openapi.json and the reference page at /api/docs; the composition root calls ApiDocs.describe(app). */
@Module({ imports: [DiscoveryModule], controllers: [ApiDocsController], providers: [ApiDocs], exports: [ApiDocs] })
export class ApiDocsModule {}
