import { Controller, Get, Query } from '@nestjs/common';
import type { AuditPage } from '@solvr/contracts';
import { NoStore, queryText, Roles } from '@solvr/server-core';
import { AuditService } from './audit.service';

/** Read-only on purpose: no route changes or removes an entry. */
@Controller('admin/audit')
@Roles('admin')
@NoStore()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** GET /api/admin/audit?action=&actor=&after=: newest first, 50 a page. */
  @Get()
  page(@Query('action') action: unknown, @Query('actor') actor: unknown, @Query('after') after: unknown): Promise<AuditPage> {
    return this.audit.page({ action: queryText(action), actor: queryText(actor), after: queryText(after) });
  }
}
