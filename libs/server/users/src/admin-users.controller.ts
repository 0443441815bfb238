import { Controller, Get } from '@nestjs/common';
import type { AdminSummary } from '@solvr/contracts';
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
}
