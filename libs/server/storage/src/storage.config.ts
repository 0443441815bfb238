import { join } from 'path';
import { ConfigError, defineConfigSection } from '@solvr/server-core';

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

/** Local disk under DATA_DIR/files unless S3_BUCKET names a bucket. */
export const storageConfig = defineConfigSection('storage', (env, core): StorageConfig => {
  const bucket = env.str('S3_BUCKET');
  if (!bucket) {
    if (env.str('S3_ENDPOINT') || env.str('S3_ACCESS_KEY_ID')) throw new ConfigError('S3_BUCKET', 'is required when other S3_* settings are given');
    return { driver: 'local', dir: join(core.dataDir, 'files') };
  }
  const s3: StorageConfig = {
    driver: 's3',
    bucket,
    region: env.str('S3_REGION') ?? 'us-east-1',
    endpoint: env.url('S3_ENDPOINT', ['http', 'https']),
    accessKeyId: env.str('S3_ACCESS_KEY_ID'),
    secretAccessKey: env.str('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', false),
  };
  if (!!s3.accessKeyId !== !!s3.secretAccessKey) {
    throw new ConfigError(s3.accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'both S3 keys must be set, or neither');
  }
  return s3;
});
