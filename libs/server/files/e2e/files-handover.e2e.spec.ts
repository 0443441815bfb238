// tiers: sqlite, services
import { ChildProcess, spawn } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import http from 'http';
import { tmpdir } from 'os';
import { join } from 'path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AdminFileView } from '@solvr/contracts';
import { startTestS3, type TestS3 } from '@solvr/server-storage/testing';
import { type ApiApp, createApi, signIn, createAccount, filesUnder, heldLink, multipart, portOf, rawRequest, withTamperedSignature, type HeldLink, createTestEnv, TestEnv, TIER, waitFor } from '@solvr/server-testing';

// Where S3 or nginx sits in front, the api checks and signs, and hands the bytes over: it never carries them.
const PASSWORD = 'files-pass-1';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function startApi(t: TestEnv, settings: Record<string, string>): Promise<{ app: ApiApp; admin: string; user: string }> {
  const app = await createApi(t.config({ THROTTLE_PER_IP: '1000', ...settings }));
  await app.listen(0, '127.0.0.1');
  await createAccount(app, 'admin@handover.test', PASSWORD, 'admin');
  await createAccount(app, 'user@handover.test', PASSWORD);
  return { app, admin: (await signIn(app, 'admin@handover.test', PASSWORD)).token, user: (await signIn(app, 'user@handover.test', PASSWORD)).token };
}

async function upload(app: ApiApp, token: string, name: string, content: Buffer): Promise<AdminFileView> {
  const { body, contentType } = multipart([], [{ filename: name, content }]);
  const res = await request(app.getHttpServer()).post('/api/admin/files').set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function linkFor(app: ApiApp, token: string, id: string): Promise<HeldLink> {
  return heldLink(await request(app.getHttpServer()).post(`/api/files/${id}/download`).set('Authorization', `Bearer ${token}`).expect(200));
}

describe(`files on S3 (${TIER})`, () => {
  let s3: TestS3;
  let t: TestEnv;
  let app: ApiApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    s3 = await startTestS3('files-bucket');
    t = await createTestEnv();
    ({ app, admin, user } = await startApi(t, {
      S3_BUCKET: 'files-bucket',
      S3_ENDPOINT: s3.settings.endpoint as string,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      FILE_MAX_SIZE: '64mb',
    }));
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await s3?.close();
  });

  it('streams an upload into the bucket as a multipart upload, with nothing on local disk', async () => {
    const content = randomBytes(10 * 1024 * 1024 + 5);
    const view = await upload(app, admin, 'big.bin', content);
    expect(view).toMatchObject({ file_size: content.length, sha256: sha256(content) });
    expect(s3.requests).toEqual(expect.arrayContaining(['POST uploads', 'PUT partNumber', 'POST uploadId']));
    const { objects, uploads } = await s3.contents();
    // Besides the seeded releases' placeholder archives, written at start-up.
    expect(objects.filter((key) => !key.startsWith('releases/seed-'))).toEqual([expect.stringMatching(/^files\/[0-9a-f-]{36}$/)]);
    expect(uploads).toEqual([]);
    expect(filesUnder(join(t.dataDir, 'files'))).toEqual([]);
  });

  it('sends a download to a presigned URL that saves under the file name; Range works there', async () => {
    const content = randomBytes(100 * 1024);
    const view = await upload(app, admin, 'report ü.pdf', content);
    const link = await linkFor(app, user, view.id);
    const res = await rawRequest(portOf(app), link);
    expect(res.status).toBe(302);
    expect(res.body.length).toBe(0);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.settings.endpoint);
    expect(location.searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe(`attachment; filename="report u.pdf"; filename*=UTF-8''report%20%C3%BC.pdf`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
    const part = await fetch(location, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(10, 20))).toBe(true);
    // A changed link is refused before S3 is asked.
    expect((await rawRequest(portOf(app), { ...link, url: link.url.replace('sig=', 'sig=x') })).status).toBe(403);
  });

  it('leaves no object and no unfinished multipart upload when an upload is cut off', async () => {
    const rows = async () => Number((await app.get(DataSource).query('SELECT COUNT(*) AS n FROM files'))[0].n);
    const before = { rows: await rows(), objects: (await s3.contents()).objects };
    const startedBefore = s3.requests.filter((r) => r === 'PUT partNumber').length;
    const { body, contentType } = multipart([], [{ filename: 'cut.bin', content: randomBytes(24 * 1024 * 1024) }]);
    const req = http.request({
      host: '127.0.0.1',
      port: portOf(app),
      path: '/api/admin/files',
      method: 'POST',
      agent: false,
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': contentType, 'Content-Length': String(body.length) },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, 18 * 1024 * 1024));
    // Parts are being sent to S3: the upload is really under way when the client goes.
    await waitFor(async () => s3.requests.filter((r) => r === 'PUT partNumber').length > startedBefore && (await s3.contents()).uploads.length > 0, 'a multipart upload in progress');
    req.destroy();
    await waitFor(async () => (await s3.contents()).uploads.length === 0, 'the multipart upload to be aborted');
    await new Promise((r) => setTimeout(r, 300));
    expect((await s3.contents()).objects).toEqual(before.objects);
    expect(await rows()).toBe(before.rows);
  });

  it('deletes the object from the bucket with the record', async () => {
    const view = await upload(app, admin, 'gone.bin', randomBytes(1000));
    const count = (await s3.contents()).objects.length;
    await request(app.getHttpServer()).delete(`/api/admin/files/${view.id}`).set('Authorization', `Bearer ${admin}`).expect(204);
    expect((await s3.contents()).objects.length).toBe(count - 1);
  });
});

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'].find(existsSync);
const CI = process.env.CI === 'true' || process.env.CI === '1';

describe(`files behind nginx with DOWNLOAD_ACCEL_PREFIX (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestEnv();
    ({ app, admin, user } = await startApi(t, { DOWNLOAD_ACCEL_PREFIX: '/protected/' }));
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('answers X-Accel-Redirect to the internal location and no body', async () => {
    const view = await upload(app, admin, 'setup.exe', randomBytes(5000));
    const link = await linkFor(app, user, view.id);
    const res = await rawRequest(portOf(app), link);
    expect(res.status).toBe(200);
    expect(res.headers['x-accel-redirect']).toMatch(/^\/protected\/files\/[0-9a-f-]{36}$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="setup.exe"`);
    expect(res.body.length).toBe(0);
    expect((await rawRequest(portOf(app), withTamperedSignature(link))).headers['x-accel-redirect']).toBeUndefined();
  });

  if (!NGINX) {
    if (CI) it('nginx is installed', () => expect(NGINX).toBeDefined());
    else it.skip('nginx serves the bytes (nginx is not installed)', () => undefined);
    return;
  }

  describe('with a real nginx in front', () => {
    let dir: string;
    let proc: ChildProcess | undefined;
    let port = 0;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'solvr-accel-'));
      chmodSync(dir, 0o755);
      chmodSync(t.dataDir, 0o755);
      for (let attempt = 0; attempt < 10 && !proc; attempt++) {
        port = 20000 + Math.floor(Math.random() * 40000);
        writeFileSync(
          join(dir, 'nginx.conf'),
          [
            process.getuid?.() === 0 ? 'user root;' : '',
            'worker_processes 1;',
            'events { worker_connections 64; }',
            'http {',
            '  access_log off;',
            ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${join(dir, k)};`),
            '  server {',
            `    listen 127.0.0.1:${port};`,
            '    location = /healthz { return 200 "ok"; }',
            `    location /api/ { proxy_pass http://127.0.0.1:${portOf(app)}; client_max_body_size 0; proxy_request_buffering off; }`,
            `    location /protected/ { internal; alias ${join(t.dataDir, 'files')}/; }`,
            '  }',
            '}',
          ].join('\n'),
        );
        const started = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], { stdio: 'ignore' });
        const up = await waitFor(async () => (started.exitCode !== null ? 'exited' : (await rawRequest(port, '/healthz').then((r) => r.status === 200, () => false)) && 'up'), 'nginx', 5000).catch(() => 'timeout');
        if (up === 'up') proc = started;
        else started.kill('SIGKILL');
      }
      if (!proc) throw new Error('nginx did not start');
    });
    afterAll(async () => {
      if (proc && proc.exitCode === null) {
        const exited = new Promise((r) => proc?.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves the bytes from nginx with Range and the attachment name the api chose', async () => {
      const content = randomBytes(200 * 1024 + 3);
      const view = await upload(app, admin, 'tool ü.zip', content);
      const link = await linkFor(app, user, view.id);
      const whole = await rawRequest(port, link);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-disposition']).toBe(`attachment; filename="tool u.zip"; filename*=UTF-8''tool%20%C3%BC.zip`);
      expect(whole.headers.etag).toBeTruthy();
      expect(whole.headers['x-accel-redirect']).toBeUndefined();
      expect(whole.body.equals(content)).toBe(true);
      const part = await rawRequest(port, link, { headers: { Range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${content.length}`);
      expect(part.body.equals(content.subarray(1000, 2000))).toBe(true);
      // The internal location cannot be asked for directly, and a changed link never reaches it.
      const key = /files\/[0-9a-f-]{36}/.exec(decodeURIComponent(link.url))?.[0];
      expect((await rawRequest(port, `/protected/${key}`)).status).toBe(404);
      expect((await rawRequest(port, withTamperedSignature(link))).status).toBe(403);
    });
  });
});
