import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountController } from './account.controller';
import { AdminUsersController } from './admin-users.controller';
import { FirstAdminService } from './first-admin.service';
import { User } from './user.entity';
import { Passwords } from './passwords';
import { UsersService } from './users.service';
import { UserDirectory } from './user-directory';
import { OffThreadReads } from './off-thread-reads';
import { SavedSearch } from './saved-search.entity';
import { SavedSearchesController, SavedSearchesService } from './saved-searches';

/** Owns the users table: other features go through UsersService, never the repository. No routes: the worker uses it. */
@Module({
  imports: [TypeOrmModule.forFeature([User, SavedSearch])],
  providers: [UsersService, UserDirectory, Passwords, SavedSearchesService, OffThreadReads],
  exports: [UsersService, UserDirectory, Passwords, SavedSearchesService],
})
export class UsersDataModule {}

/** The users table and the admin's user routes. */
@Module({ imports: [UsersDataModule], controllers: [AccountController, AdminUsersController, SavedSearchesController], exports: [UsersDataModule] })
export class UsersModule {}

/** Only the api seeds the first admin (after its migrations). */
@Module({ imports: [UsersDataModule], providers: [FirstAdminService] })
export class FirstAdminModule {}
