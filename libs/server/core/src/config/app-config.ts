import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { isAbsolute, join, resolve } from 'path';
import { Brand, DEFAULT_BRAND, isValidEmail, normalizeEmail } from '@solvr/contracts';

export type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  workerPort: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  database: DatabaseConfig;
  /** Bull on Redis when set; the in-process runner otherwise. */
  redis: { url: string; prefix: string } | null;
  /** Whether the api applies pending migrations at start (off where a migration Job does it). */
  runMigrations: boolean;
  /** Whether this process runs job processors: always in the worker, in the api only without Redis. */
  runJobsInApi: boolean;
  mail: { from: string; smtpUrl: string | null; outboxDir: string };
  storage: StorageConfig;
  jwtSecret: string;
  bodyLimit: string;
  logLevel: string;
  web: { distDir: string | null; remotesManifest: string | null };
  adminEmails: string[];
  brand: Brand;
  /** Google sign-in; null when GOOGLE_CLIENT_ID is not set. Endpoints are settings so tests use a local provider. */
  google: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; userInfoUrl: string } | null;
  /** Attempts allowed per 15 minutes on sign-in, sign-up, resend and reset. */
  throttle: { perAccount: number; perIp: number };
}

/** Thrown with one line naming the setting at fault. */
export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return +raw;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = str(env, name);
  if (raw === undefined) return def;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol.replace(':', ''))) {
    throw new ConfigError(name, `expected a ${protocols.map((p) => p + '://').join(' or ')} URL`);
  }
  return raw;
}

/** Secret for signing tokens: required in production, else generated once and kept in the data folder. */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const raw = str(env, 'JWT_SECRET');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
    if (/change-?me|example|secret$/i.test(raw) && production) {
      throw new ConfigError('JWT_SECRET', 'still holds a placeholder value');
    }
    return raw;
  }
  if (production) throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/** A size setting such as 100kb or 1mb (already checked by loadConfig) in bytes. */
export function sizeInBytes(size: string): number {
  const [, n, unit] = /^(\d+)(b|kb|mb)$/i.exec(size) ?? ['', '0', 'b'];
  return Number(n) * { b: 1, kb: 1024, mb: 1024 * 1024 }[unit.toLowerCase() as 'b' | 'kb' | 'mb'];
}

/** Reads and checks every setting once. Throws ConfigError naming the first bad setting. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError('NODE_ENV', `expected development, production or test, got "${nodeEnv}"`);
  }
  const production = nodeEnv === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(str(env, 'DATA_DIR') ?? './data');

  const databaseUrl = url(env, 'DATABASE_URL', ['mysql', 'mariadb']);
  const redisUrl = url(env, 'REDIS_URL', ['redis', 'rediss']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp', 'smtps']) ?? null;
  const publicUrl = url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port || 3000}`;

  const logLevel = str(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const bodyLimit = str(env, 'BODY_LIMIT') ?? '1mb';
  if (!/^\d+(b|kb|mb)$/i.test(bodyLimit)) {
    throw new ConfigError('BODY_LIMIT', `expected a size such as 100kb or 1mb, got "${bodyLimit}"`);
  }

  const adminEmails = (str(env, 'ADMIN_EMAILS') ?? '')
    .split(',')
    .map(normalizeEmail)
    .filter(Boolean);
  const badAdmin = adminEmails.find((e) => !isValidEmail(e));
  if (badAdmin) throw new ConfigError('ADMIN_EMAILS', `"${badAdmin}" is not an e-mail address`);

  const mailFrom = str(env, 'MAIL_FROM') ?? `${str(env, 'BRAND_PRODUCT') ?? DEFAULT_BRAND.product} <no-reply@localhost>`;
  if (!/@/.test(mailFrom)) throw new ConfigError('MAIL_FROM', 'must contain an e-mail address');

  const s3Bucket = str(env, 'S3_BUCKET');
  let storage: StorageConfig = { driver: 'local', dir: join(dataDir, 'files') };
  if (s3Bucket) {
    storage = {
      driver: 's3',
      bucket: s3Bucket,
      region: str(env, 'S3_REGION') ?? 'us-east-1',
      endpoint: url(env, 'S3_ENDPOINT', ['http', 'https']),
      accessKeyId: str(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
    };
    if (!!storage.accessKeyId !== !!storage.secretAccessKey) {
      throw new ConfigError(storage.accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'both S3 keys must be set, or neither');
    }
  } else if (str(env, 'S3_ENDPOINT') || str(env, 'S3_ACCESS_KEY_ID')) {
    throw new ConfigError('S3_BUCKET', 'is required when other S3_* settings are given');
  }

  const redisPrefix = str(env, 'REDIS_PREFIX') ?? 'solvr';
  if (!/^[\w:.-]+$/.test(redisPrefix)) throw new ConfigError('REDIS_PREFIX', 'may hold only letters, digits and _ : . -');

  const webDist = str(env, 'WEB_DIST_DIR');
  const remotesManifest = str(env, 'REMOTES_MANIFEST');

  const googleId = str(env, 'GOOGLE_CLIENT_ID');
  const googleSecret = str(env, 'GOOGLE_CLIENT_SECRET');
  if (googleId && !googleSecret) throw new ConfigError('GOOGLE_CLIENT_SECRET', 'is required when GOOGLE_CLIENT_ID is set');
  const google = googleId
    ? {
        clientId: googleId,
        clientSecret: googleSecret as string,
        authUrl: url(env, 'GOOGLE_AUTH_URL', ['http', 'https']) ?? 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: url(env, 'GOOGLE_TOKEN_URL', ['http', 'https']) ?? 'https://oauth2.googleapis.com/token',
        userInfoUrl: url(env, 'GOOGLE_USERINFO_URL', ['http', 'https']) ?? 'https://openidconnect.googleapis.com/v1/userinfo',
      }
    : null;

  return {
    env: nodeEnv as AppConfig['env'],
    port,
    workerPort: int(env, 'WORKER_PORT', 3001, 0, 65535),
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl: publicUrl.replace(/\/$/, ''),
    database: databaseUrl ? { type: 'mysql', url: databaseUrl } : { type: 'sqlite', path: join(dataDir, 'solvr.sqlite') },
    redis: redisUrl ? { url: redisUrl, prefix: redisPrefix } : null,
    runJobsInApi: !redisUrl,
    runMigrations: bool(env, 'RUN_MIGRATIONS', true),
    mail: { from: mailFrom, smtpUrl, outboxDir: join(dataDir, 'outbox') },
    storage,
    jwtSecret: jwtSecret(env, production, dataDir),
    bodyLimit,
    logLevel,
    web: {
      distDir: webDist === 'none' ? null : abs(webDist ?? 'dist/apps'),
      remotesManifest: remotesManifest ? abs(remotesManifest) : null,
    },
    adminEmails,
    google,
    throttle: { perAccount: int(env, 'THROTTLE_PER_ACCOUNT', 10, 1, 100000), perIp: int(env, 'THROTTLE_PER_IP', 100, 1, 1000000) },
    brand: {
      product: str(env, 'BRAND_PRODUCT') ?? DEFAULT_BRAND.product,
      team: str(env, 'BRAND_TEAM') ?? DEFAULT_BRAND.team,
      supportEmail: str(env, 'BRAND_SUPPORT_EMAIL') ?? DEFAULT_BRAND.supportEmail,
      phone: str(env, 'BRAND_PHONE') ?? DEFAULT_BRAND.phone,
      office: str(env, 'BRAND_OFFICE') ?? DEFAULT_BRAND.office,
    },
  };
}

/** For a process entry point: load the config, or print the one-line reason and exit 1. */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
