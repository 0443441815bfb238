import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import S3rver from 's3rver';
import type { S3Settings } from '../s3.driver';

/** A local S3-compatible server (s3rver) on a free port with its own folder and one empty bucket. */
export interface TestS3 {
  settings: S3Settings;
  /** Requests served, as "METHOD operation": object, uploads (start multipart), partNumber, uploadId (complete or abort). */
  requests: string[];
  /** Keys of the stored objects and ids of unfinished multipart uploads. */
  contents(): Promise<{ objects: string[]; uploads: string[] }>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'test-bucket'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'solvr-s3-'));
  const handle = new S3rver({ directory: dir, silent: true, vhostBuckets: false }).callback();
  const uploadsDir = join(dir, bucket, '._S3rver_uploads');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const uploadId = url.searchParams.get('uploadId');
    const op = ['partNumber', 'uploadId', 'uploads'].find((name) => url.searchParams.has(name)) ?? 'object';
    requests.push(`${req.method} ${op}`);
    // s3rver has no AbortMultipartUpload: drop the upload's parts, as S3 does.
    if (req.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      rmSync(join(uploadsDir, uploadId), { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    settings,
    requests,
    async contents() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      let uploads: string[] = [];
      try {
        uploads = readdirSync(uploadsDir);
      } catch {
        // no multipart upload started yet
      }
      return { objects: (listed.Contents ?? []).map((o) => o.Key ?? ''), uploads };
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
