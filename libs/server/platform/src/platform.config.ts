import { hkdfSync } from 'crypto';
import { ConfigError, defineConfigSection, type EnvReader } from '@solvr/server-core';

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The service token: long, one word, and not a placeholder in production. */
function serviceToken(env: EnvReader, production: boolean): string | null {
  const raw = env.str('PLATFORM_SERVICE_TOKEN');
  if (raw === undefined) return null;
  if (raw.length < 32 || raw.length > 512 || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError('PLATFORM_SERVICE_TOKEN', 'expected at least 32 printable characters without spaces, e.g. `openssl rand -base64 48`');
  }
  if (production && /change-?me|replace_?me|example/i.test(raw)) throw new ConfigError('PLATFORM_SERVICE_TOKEN', 'still holds a placeholder value');
  return raw;
}

/** `*`, or origins such as https://app.example.com (scheme, host and port only). */
function corsOrigins(env: EnvReader): '*' | string[] {
  const raw = env.str('PLATFORM_CORS_ORIGINS');
  if (raw === undefined) return [];
  if (raw === '*') return '*';
  return raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError('PLATFORM_CORS_ORIGINS', `expected * or origins such as https://app.example.com, got "${origin}"`);
      }
      return url.origin;
    });
}

/**
 * APP_ID (the {appId} of /api/apps/{appId}/...; any other answers 404), PLATFORM_SERVICE_TOKEN (the token of the
 * SDK's asServiceRole client; unset: service calls are refused) and PLATFORM_CORS_ORIGINS (web apps on other origins
 * allowed to call /api/apps/...). Its links are signed with a key derived from JWT_SECRET, as download links are.
 */
export const platformConfig = defineConfigSection('platform', (env, core) => {
  const appId = env.str('APP_ID') ?? 'portal';
  if (!APP_ID.test(appId)) throw new ConfigError('APP_ID', `expected 1 to 64 letters, digits, _ or -, got "${appId}"`);
  return {
    appId,
    serviceToken: serviceToken(env, core.env === 'production'),
    corsOrigins: corsOrigins(env),
    publicUrl: core.publicUrl,
    signingKey: Buffer.from(hkdfSync('sha256', core.jwtSecret, 'solvr-platform', 'platform-links-v1', 32)),
  };
});
export type PlatformConfig = ReturnType<typeof platformConfig.read>;
