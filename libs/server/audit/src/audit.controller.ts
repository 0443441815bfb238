import { Controller, Get, Query } from '@nestjs/common';
import type { AuditPage } from '@solvr/contracts';
import { NoStore, queryText, Roles, ApiDoc, doc } from '@solvr/server-core';
import { AuditService } from './audit.service';

/** Read-only on purpose: no route changes or removes an entry. */
@Controller('admin/audit')
@Roles('admin')
@NoStore()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** GET /api/admin/audit?action=&actor=&user=&after=: newest first, 50 a page; `user` (an id): entries by or about that user, 404 if unknown. */
  @Get()
  @ApiDoc('Admin: users', {
    summary: 'The audit log, newest first',
    query: { action: 'Only this action', actor: "Only this admin's entries", user: 'Only entries by or about this user (an id; 404 if unknown)', after: 'The `next` cursor of the previous page' },
    answers: doc.ok('AuditPage'),
  })
  page(@Query('action') action: unknown, @Query('actor') actor: unknown, @Query('user') user: unknown, @Query('after') after: unknown): Promise<AuditPage> {
    return this.audit.page({ action: queryText(action), actor: queryText(actor), user: queryText(user), after: queryText(after) });
  }
}
