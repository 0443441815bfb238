import { hkdfSync } from 'crypto';
import { ConfigError, defineConfigSection, type EnvReader } from '@solvr/server-core';

const UNITS = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;
/** S3 multipart with 8 MB parts stops at 10,000 parts (about 78 GB); keep well under it. */
const MAX_FILE_BYTES = 50 * 1024 ** 3;

/** A size such as 2gb, 500mb or 1048576 (bytes), as BODY_LIMIT is written. */
function size(env: EnvReader, name: string, fallback: number): number {
  const raw = env.str(name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(raw);
  const bytes = match ? Number(match[1]) * UNITS[(match[2]?.toLowerCase() ?? 'b') as keyof typeof UNITS] : NaN;
  if (!(bytes >= 1 && bytes <= MAX_FILE_BYTES)) throw new ConfigError(name, `expected a size from 1b to 50gb such as 500mb or 2gb, got "${raw}"`);
  return bytes;
}

/** The internal nginx location the stored files are served from, e.g. /protected/: a path between slashes. */
function accelPrefix(env: EnvReader): string | null {
  const raw = env.str('DOWNLOAD_ACCEL_PREFIX');
  if (raw === undefined) return null;
  if (!/^\/((?!\.\.?\/)[A-Za-z0-9._~-]+\/)+$/.test(raw)) throw new ConfigError('DOWNLOAD_ACCEL_PREFIX', `expected a path that starts and ends with /, such as /protected/, got "${raw}"`);
  return raw;
}

/**
 * FILE_MAX_SIZE (largest upload), DOWNLOAD_URL_TTL_SECONDS (life of a download link) and DOWNLOAD_ACCEL_PREFIX
 * (nginx serves the bytes). Download links are signed with a key derived from JWT_SECRET (HKDF), so rotating
 * that secret also ends every open link, and no second secret needs managing.
 */
export const filesConfig = defineConfigSection('files', (env, core) => ({
  maxBytes: size(env, 'FILE_MAX_SIZE', 2 * 1024 ** 3),
  linkTtlSeconds: env.int('DOWNLOAD_URL_TTL_SECONDS', 300, 10, 24 * 3600),
  accelPrefix: accelPrefix(env),
  signingKey: Buffer.from(hkdfSync('sha256', core.jwtSecret, 'solvr-files', 'download-links-v1', 32)),
}));
export type FilesConfig = ReturnType<typeof filesConfig.read>;
