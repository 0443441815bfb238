import { ConfigError, defineConfigSection } from '@solvr/server-core';

/** Google sign-in (null when GOOGLE_CLIENT_ID is not set; endpoints are settings so tests use a local provider) and throttling. */
export const authConfig = defineConfigSection('auth', (env) => {
  const clientId = env.str('GOOGLE_CLIENT_ID');
  const clientSecret = env.str('GOOGLE_CLIENT_SECRET');
  if (clientId && !clientSecret) throw new ConfigError('GOOGLE_CLIENT_SECRET', 'is required when GOOGLE_CLIENT_ID is set');
  const google = clientId
    ? {
        clientId,
        clientSecret: clientSecret as string,
        authUrl: env.url('GOOGLE_AUTH_URL', ['http', 'https']) ?? 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: env.url('GOOGLE_TOKEN_URL', ['http', 'https']) ?? 'https://oauth2.googleapis.com/token',
        userInfoUrl: env.url('GOOGLE_USERINFO_URL', ['http', 'https']) ?? 'https://openidconnect.googleapis.com/v1/userinfo',
      }
    : null;
  /** Attempts allowed per 15 minutes on sign-in, sign-up, resend and reset. */
  const throttle = { perAccount: env.int('THROTTLE_PER_ACCOUNT', 10, 1, 100000), perIp: env.int('THROTTLE_PER_IP', 100, 1, 1000000) };
  return { google, throttle };
});
export type AuthConfig = ReturnType<typeof authConfig.read>;
