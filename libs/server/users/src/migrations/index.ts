import { Init1763700000000 } from './1763700000000-init';
import { UsersTokenVersion1763700000004 } from './1763700000004-token-version';
import { UsersBulkMailOptOut1763700000030 } from './1763700000030-bulk-mail-opt-out';
import { UsersAdminIndexes1763700000045 } from './1763700000045-admin-indexes';
import { UsersSearch1763700000070 } from './1763700000070-users-search';

export const USERS_MIGRATIONS = [Init1763700000000, UsersTokenVersion1763700000004, UsersBulkMailOptOut1763700000030, UsersAdminIndexes1763700000045, UsersSearch1763700000070];
