import { Init1763700000000 } from './1763700000000-init';

export const USERS_MIGRATIONS = [Init1763700000000];
