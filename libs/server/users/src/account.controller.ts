import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { AUTH_MESSAGES, type AccountView } from '@solvr/contracts';
import { AccessService, CurrentUser, NoStore, SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { toAccountView } from './user.views';
import { UsersService } from './users.service';

/** The signed-in account as its own pages show it. */
@Controller('users/me')
@NoStore()
export class AccountController {
  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
  ) {}

  /** From the access state the guard just checked when it has the account; from the table otherwise. */
  @Get()
  @ApiDoc('Accounts', { summary: 'The signed-in account', answers: doc.ok('AccountView') })
  async me(@CurrentUser() caller: SessionUser): Promise<AccountView> {
    const known = this.access.accountOf(caller);
    if (known) return known;
    const user = await this.users.findWithPasswordHash({ id: caller.id });
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return toAccountView(user);
  }
}
