import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Roles } from '@solvr/server-core';
import { User } from './user.entity';

@Controller('admin')
@Roles('admin')
export class AdminUsersController {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** Real counts for the admin overview. */
  @Get('summary')
  async summary(): Promise<{ total_users: number; admins: number }> {
    const [total_users, admins] = await Promise.all([this.users.count(), this.users.countBy({ role: 'admin' })]);
    return { total_users, admins };
  }
}
