import { Body, Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AdminSummary, type AdminUserDetail, type AdminUserPage, type AdminUserView, type DailyCount, type UserPick } from '@solvr/contracts';
import { Audited, CurrentUser, fieldOf, NoStore, queryText, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { UserDirectory, toAdminUserView } from './user-directory';
import { userOrderOf } from './user-order';
import { usersCsv, usersCsvText } from './users-csv';
import { UsersService } from './users.service';
import { RoleChangeDto } from './users.dto';

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
  @ApiDoc('Admin: users', { summary: 'Account counts', answers: doc.ok('AdminSummary') })
  summary(): Promise<AdminSummary> {
    return this.directory.stats();
  }

  /**
   * GET /api/admin/users?q=&sort=&dir=&after=: 50 a page, searched over name, e-mail and company, sorted by a column
   * (ADMIN_USER_SORTS) then id; newest first by default.
   */
  @Get('users')
  @ApiDoc('Admin: users', {
    summary: 'Users, 50 at a time, sorted by a column (newest first by default)',
    query: {
      q: 'Search text (name, e-mail, company)',
      sort: 'name, email, company, role, downloads, joined, last_login or status',
      dir: 'asc or desc',
      after: 'The `next` cursor of the previous page (of the same sort)',
    },
    answers: doc.ok('AdminUserPage'),
  })
  list(@Query('q') q: unknown, @Query('sort') sort: unknown, @Query('dir') dir: unknown, @Query('after') after: unknown): Promise<AdminUserPage> {
    const order = userOrderOf(queryText(sort), queryText(dir));
    return this.directory.page(queryText(q), queryText(after) || null, undefined, order);
  }

  /** users.csv with the spec's columns, streamed from the database; the search filter and the list's order apply. */
  @Get('users/export.csv')
  @ApiDoc('Admin: users', {
    summary: 'Every matching user as CSV, in the list order',
    query: { q: 'Search text', sort: 'As for the list', dir: 'asc or desc' },
    answers: [{ status: 200, description: 'users.csv (an attachment)', content: doc.text('text/csv') }],
  })
  export(@Query('q') q: unknown, @Query('sort') sort: unknown, @Query('dir') dir: unknown, @Res() reply: FastifyReply): void {
    // The order is checked before the CSV headers are set, so a bad one answers as JSON.
    const order = userOrderOf(queryText(sort), queryText(dir));
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="users.csv"')
      .send(usersCsv(this.directory.export(queryText(q), order, usersCsvText)));
  }

  /** Sign-ups per day over the last 30 days (the Overview's chart). */
  @Get('users/signups')
  @ApiDoc('Admin: users', { summary: 'Sign-ups per day', answers: doc.ok('DailyCount[]') })
  signups(): Promise<DailyCount[]> {
    return this.directory.signupsPerDay();
  }

  /** GET /api/admin/users/pick?q=: the upload form's specific-users picker. */
  @Get('users/pick')
  @ApiDoc('Admin: users', { summary: 'Users for a picker (an upload for specific users)', query: { q: 'Search text' }, answers: doc.ok('UserPick[]') })
  pick(@Query('q') q: unknown): Promise<UserPick[]> {
    return this.users.pick(queryText(q));
  }

  /** GET /api/admin/users/:id: the side panel's details (its downloads, purchases and audit entries come from their features). */
  @Get('users/:id')
  @ApiDoc('Admin: users', { summary: "A user's details (the admin's user panel)", answers: doc.ok('AdminUserDetail') })
  detail(@Param('id') id: string): Promise<AdminUserDetail> {
    return this.directory.detail(id);
  }

  @Patch('users/:id/role')
  @Audited('user.role', ({ params, result }) => ({ type: 'user', id: params.id, label: fieldOf(result, 'email'), detail: `role: ${fieldOf(result, 'role')}` }))
  @ApiDoc('Admin: users', { summary: "Change a user's role", answers: doc.ok('AdminUserView') })
  async changeRole(@Param('id') id: string, @Body() body: RoleChangeDto, @CurrentUser() admin: SessionUser): Promise<AdminUserView> {
    return toAdminUserView(await this.users.changeRole(admin.id, id, body.role));
  }
}
