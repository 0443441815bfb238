import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersController } from './admin-users.controller';
import { FirstAdminService } from './first-admin.service';
import { User } from './user.entity';
import { Passwords } from './passwords';
import { UsersService } from './users.service';

/** Owns the users table: other features go through UsersService, never the repository. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [AdminUsersController],
  providers: [UsersService, Passwords],
  exports: [UsersService, Passwords],
})
export class UsersModule {}

/** Only the api seeds the first admin (after its migrations). */
@Module({ imports: [UsersModule], providers: [FirstAdminService] })
export class FirstAdminModule {}
