import { Controller, Get, Query } from '@nestjs/common';
import type { AdminSummary, UserPick } from '@solvr/contracts';
import { Roles } from '@solvr/server-core';
import { UsersService } from './users.service';

@Controller('admin')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  /** Real counts for the admin overview. */
  @Get('summary')
  summary(): Promise<AdminSummary> {
    return this.users.summary();
  }

  /** GET /api/admin/users/pick?q=: the upload form's specific-users picker. */
  @Get('users/pick')
  pick(@Query('q') q: unknown): Promise<UserPick[]> {
    return this.users.pick(typeof q === 'string' ? q : '');
  }
}
