import { Init1763700000000 } from './1763700000000-init';
import { UsersTokenVersion1763700000004 } from './1763700000004-token-version';
import { UsersBulkMailOptOut1763700000030 } from './1763700000030-bulk-mail-opt-out';
import { UsersAdminIndexes1763700000045 } from './1763700000045-admin-indexes';
import { UsersSearch1763700000070 } from './1763700000070-users-search';
import { UsersSavedSearches1763700000200 } from './1763700000200-saved-searches';
import { UsersSortIndexes1763700000250 } from './1763700000250-users-sort-indexes';
import { UsersSearchWeights1763700000300 } from './1763700000300-users-search-weights';

export const USERS_MIGRATIONS = [Init1763700000000, UsersTokenVersion1763700000004, UsersBulkMailOptOut1763700000030, UsersAdminIndexes1763700000045, UsersSearch1763700000070, UsersSavedSearches1763700000200, UsersSortIndexes1763700000250, UsersSearchWeights1763700000300];
