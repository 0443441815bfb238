// The settings of the instance to back up or restore into, read and checked by the api's own rules: loadConfig of
// libs/server/core and the storage section of libs/server/storage, loaded from source through jiti (as the bench and
// the migration guide load TypeScript). The same DATABASE_URL, DATA_DIR and S3_* the api reads, the same refusals.
import { createJiti } from 'jiti';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../lib/setup.mjs';

/** A refusal worth one line to the operator (bad settings, a non-empty target, a damaged backup); exit code 1. */
export class Refusal extends Error {
  name = 'Refusal';
}

let modules;

/** The api's config and storage code, compiled on the fly (cached by jiti under node_modules/.cache). */
export async function serverModules() {
  if (modules) return modules;
  const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8'));
  const alias = Object.fromEntries(Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, join(ROOT, target)]));
  // The storage section needs only defineConfigSection and ConfigError of @solvr/server-core: the lib's index would
  // load every Nest module of the core for nothing.
  alias['@solvr/server-core'] = join(ROOT, 'libs/server/core/src/config/config-section.ts');
  const jiti = createJiti(import.meta.url, { alias, interopDefault: true });
  const load = (file) => jiti.import(join(ROOT, file));
  const [appConfig, section, storage, local, s3, driver] = await Promise.all([
    load('libs/server/core/src/config/app-config.ts'),
    load('libs/server/core/src/config/config-section.ts'),
    load('libs/server/storage/src/storage.config.ts'),
    load('libs/server/storage/src/local-disk.driver.ts'),
    load('libs/server/storage/src/s3.driver.ts'),
    load('libs/server/storage/src/storage-driver.ts'),
  ]);
  modules = {
    loadConfig: appConfig.loadConfig,
    configOf: section.configOf,
    storageConfig: storage.storageConfig,
    LocalDiskDriver: local.LocalDiskDriver,
    S3Driver: s3.S3Driver,
    checkKey: driver.checkKey,
    ObjectMissing: driver.ObjectMissing,
    formatBytes: driver.formatBytes,
    s3: await jiti.import('@aws-sdk/client-s3'),
  };
  return modules;
}

/** embedded (SQLite + local disk), services (MySQL/MariaDB + S3), or the mix the settings make. */
export function modeOf(databaseKind, storageKind) {
  if (databaseKind === 'sqlite' && storageKind === 'local') return 'embedded';
  if (databaseKind === 'mysql' && storageKind === 's3') return 'services';
  return `${databaseKind} + ${storageKind}`;
}

/**
 * The instance the settings describe: { mode, dataDir, database: { type: 'sqlite', path } | { type: 'mysql', url },
 * storage: the storage section, secretFile: DATA_DIR/jwt-secret unless JWT_SECRET is set }.
 */
export async function loadSettings(env = process.env) {
  const m = await serverModules();
  const jwtFromEnv = Boolean(env.JWT_SECRET?.trim());
  let config;
  try {
    // The token secret is not needed here: a stand-in keeps loadConfig from generating one into DATA_DIR (or, under
    // NODE_ENV=production, from refusing its absence).
    config = m.loadConfig(jwtFromEnv ? env : { ...env, JWT_SECRET: 'backup-tool-needs-no-token-secret-0000' });
  } catch (err) {
    if (err?.name === 'ConfigError') throw new Refusal(err.message);
    throw err;
  }
  const storage = m.configOf(config, m.storageConfig);
  return {
    mode: modeOf(config.database.type, storage.driver),
    dataDir: config.dataDir,
    database: config.database,
    storage,
    secretFile: jwtFromEnv ? null : join(config.dataDir, 'jwt-secret'),
  };
}

/** package.json's version: the app version a backup was made with. */
export function appVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
}
