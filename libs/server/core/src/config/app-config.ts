import { randomBytes } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { isAbsolute, join, resolve } from 'path';
import { Brand, DEFAULT_BRAND, YOUTUBE_ID } from '@solvr/contracts';
import { ConfigError, Env, EnvReader, registeredConfigSections } from './config-section';

export { ConfigError, type Env } from './config-section';

export type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  workerPort: number;
  /** Niceness the worker gives itself (0-19): on a host shared with the api, the api's requests go first. */
  workerNice: number;
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
  jwtSecret: string;
  bodyLimit: string;
  /** Peers whose X-Forwarded-For names the client; empty: the connecting peer is the client. */
  trustedProxies: string[];
  logLevel: string;
  web: { distDir: string | null; remotesManifest: string | null };
  brand: Brand;
  /** YouTube id of the Proof page's demo video; null: no video. */
  proofVideoId: string | null;
  /** Each feature's own settings (see defineConfigSection), keyed by the section's token. */
  sections: ReadonlyMap<symbol, unknown>;
}

const PROXY = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Secret for signing tokens: required in production, else generated once and kept in the data folder. */
function jwtSecret(env: EnvReader, production: boolean, dataDir: string): string {
  const raw = env.str('JWT_SECRET');
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
export function loadConfig(raw: Env = process.env, cwd = process.cwd()): AppConfig {
  const env = new EnvReader(raw);
  const nodeEnv = env.str('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError('NODE_ENV', `expected development, production or test, got "${nodeEnv}"`);
  }
  const production = nodeEnv === 'production';
  const port = env.int('PORT', 3000, 0, 65535);
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(env.str('DATA_DIR') ?? './data');

  const databaseUrl = env.url('DATABASE_URL', ['mysql', 'mariadb']);
  const redisUrl = env.url('REDIS_URL', ['redis', 'rediss']);
  const publicUrl = env.url('PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port || 3000}`;

  const logLevel = env.str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const bodyLimit = env.str('BODY_LIMIT') ?? '1mb';
  if (!/^\d+(b|kb|mb)$/i.test(bodyLimit)) {
    throw new ConfigError('BODY_LIMIT', `expected a size such as 100kb or 1mb, got "${bodyLimit}"`);
  }

  const redisPrefix = env.str('REDIS_PREFIX') ?? 'solvr';
  if (!/^[\w:.-]+$/.test(redisPrefix)) throw new ConfigError('REDIS_PREFIX', 'may hold only letters, digits and _ : . -');

  const trustedProxies = (env.str('TRUSTED_PROXIES') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const badProxy = trustedProxies.find((p) => !PROXY.test(p));
  if (badProxy) throw new ConfigError('TRUSTED_PROXIES', `"${badProxy}" is not an IP address, a CIDR range or loopback / linklocal / uniquelocal`);

  const proofVideoId = env.str('PROOF_VIDEO_ID') ?? null;
  if (proofVideoId !== null && !YOUTUBE_ID.test(proofVideoId)) {
    throw new ConfigError('PROOF_VIDEO_ID', `expected a YouTube video id (11 letters, digits, _ or -), got "${proofVideoId}"`);
  }

  const webDist = env.str('WEB_DIST_DIR');
  const remotesManifest = env.str('REMOTES_MANIFEST');

  const core: Omit<AppConfig, 'sections'> = {
    env: nodeEnv as AppConfig['env'],
    port,
    workerPort: env.int('WORKER_PORT', 3001, 0, 65535),
    workerNice: env.int('WORKER_NICE', 10, 0, 19),
    host: env.str('HOST') ?? '0.0.0.0',
    dataDir,
    publicUrl: publicUrl.replace(/\/$/, ''),
    database: databaseUrl ? { type: 'mysql', url: databaseUrl } : { type: 'sqlite', path: join(dataDir, 'solvr.sqlite') },
    redis: redisUrl ? { url: redisUrl, prefix: redisPrefix } : null,
    runJobsInApi: !redisUrl,
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    jwtSecret: jwtSecret(env, production, dataDir),
    bodyLimit,
    trustedProxies,
    logLevel,
    web: {
      distDir: webDist === 'none' ? null : abs(webDist ?? 'dist/apps'),
      remotesManifest: remotesManifest ? abs(remotesManifest) : null,
    },
    brand: {
      product: env.str('BRAND_PRODUCT') ?? DEFAULT_BRAND.product,
      team: env.str('BRAND_TEAM') ?? DEFAULT_BRAND.team,
      supportEmail: env.str('BRAND_SUPPORT_EMAIL') ?? DEFAULT_BRAND.supportEmail,
      phone: env.str('BRAND_PHONE') ?? DEFAULT_BRAND.phone,
      office: env.str('BRAND_OFFICE') ?? DEFAULT_BRAND.office,
    },
    proofVideoId,
  };
  // Then each loaded feature's own settings, checked the same way.
  const sections = new Map(registeredConfigSections().map((section) => [section.token, section.read(env, core)]));
  return { ...core, sections };
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
