import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig } from '@solvr/server-core';
import { usersConfig, type UsersConfig } from './users.config';
import { UsersService } from './users.service';

export const DEFAULT_ADMIN_EMAIL = 'admin@solvr.local';

/**
 * On start: promote accounts named in ADMIN_EMAILS; if there is still no admin at all, create one
 * with a generated password and print it once (it is never shown again).
 */
@Injectable()
export class FirstAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FirstAdminService.name);

  constructor(
    private readonly users: UsersService,
    @InjectConfig(usersConfig) private readonly config: UsersConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const promoted = await this.users.promoteListed(this.config.adminEmails);
    if (promoted) this.logger.log(`Promoted ${promoted} account(s) from ADMIN_EMAILS to admin`);
    if ((await this.users.countAdmins()) > 0) return;
    const result = await this.users.createOrPromoteAdmin(this.config.adminEmails[0] ?? DEFAULT_ADMIN_EMAIL);
    if (result.password) process.stdout.write(`First admin: ${result.email} ${result.password}\n`);
  }
}
