import { Init1763700000000 } from './1763700000000-init';
import { UsersTokenVersion1763700000004 } from './1763700000004-token-version';

export const USERS_MIGRATIONS = [Init1763700000000, UsersTokenVersion1763700000004];
