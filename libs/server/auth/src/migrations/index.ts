import { AuthSessions1763700000001 } from './1763700000001-auth-sessions';
import { AuthTokens1763700000002 } from './1763700000002-auth-tokens';

export const AUTH_MIGRATIONS = [AuthSessions1763700000001, AuthTokens1763700000002];
