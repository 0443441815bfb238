import { Init1763700000000 } from './1763700000000-init';
import { AuthSessions1763700000001 } from './1763700000001-auth-sessions';
import { AuthTokens1763700000002 } from './1763700000002-auth-tokens';

/** Every migration, in order. New ones are appended here. */
export const MIGRATIONS = [Init1763700000000, AuthSessions1763700000001, AuthTokens1763700000002];
