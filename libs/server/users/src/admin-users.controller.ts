import { Body, Controller, Get, Header, Param, Patch, Query, Res } from '@nestjs/common';
import { IsIn } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ADMIN_USERS_TEXTS, type AdminSummary, type AdminUserPage, type AdminUserView, type DailyCount, ROLES, type Role, type RoleChange, type UserPick } from '@solvr/contracts';
import { Audited, CurrentUser, fieldOf, NoStore, queryText, Roles, type SessionUser } from '@solvr/server-core';
import { UserDirectory, toAdminUserView } from './user-directory';
import { usersCsv } from './users-csv';
import { UsersService } from './users.service';

export class RoleChangeDto implements RoleChange {
  @IsIn(ROLES, { message: ADMIN_USERS_TEXTS.badRole }) role: Role;
}

@Controller('admin')
@Roles('admin')
@NoStore()
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly directory: UserDirectory,
  ) {}

  /** Total users, admins and downloads: the Users tab's and the Overview's counts. */
  @Get('summary')
  summary(): Promise<AdminSummary> {
    return this.directory.stats();
  }

  /** GET /api/admin/users?q=&after=: newest first, 50 a page, searched over name, e-mail and company. */
  @Get('users')
  list(@Query('q') q: unknown, @Query('after') after: unknown): Promise<AdminUserPage> {
    return this.directory.page(queryText(q), queryText(after) || null);
  }

  /** users.csv with the spec's columns, streamed from the database; the search filter applies. */
  @Get('users/export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="users.csv"')
  export(@Query('q') q: unknown, @Res() reply: FastifyReply): void {
    reply.send(usersCsv(this.directory.export(queryText(q))));
  }

  /** Sign-ups per day over the last 30 days (the Overview's chart). */
  @Get('users/signups')
  signups(): Promise<DailyCount[]> {
    return this.directory.signupsPerDay();
  }

  /** GET /api/admin/users/pick?q=: the upload form's specific-users picker. */
  @Get('users/pick')
  pick(@Query('q') q: unknown): Promise<UserPick[]> {
    return this.users.pick(queryText(q));
  }

  @Patch('users/:id/role')
  @Audited('user.role', ({ params, result }) => ({ type: 'user', id: params.id, label: fieldOf(result, 'email'), detail: `role: ${fieldOf(result, 'role')}` }))
  async changeRole(@Param('id') id: string, @Body() body: RoleChangeDto, @CurrentUser() admin: SessionUser): Promise<AdminUserView> {
    return toAdminUserView(await this.users.changeRole(admin.id, id, body.role));
  }
}
