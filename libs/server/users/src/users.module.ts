import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminUsersController } from './admin-users.controller';
import { FirstAdminService } from './first-admin.service';
import { User } from './user.entity';
import { Passwords } from './passwords';
import { UsersService } from './users.service';
import { UserDirectory } from './user-directory';

/** Owns the users table: other features go through UsersService, never the repository. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [AdminUsersController],
  providers: [UsersService, UserDirectory, Passwords],
  exports: [UsersService, UserDirectory, Passwords],
})
export class UsersModule {}

/** Only the api seeds the first admin (after its migrations). */
@Module({ imports: [UsersModule], providers: [FirstAdminService] })
export class FirstAdminModule {}
