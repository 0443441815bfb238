// tiers: sqlite, services
import { createHash, randomBytes, randomUUID } from 'crypto';
import http from 'http';
import { brotliDecompressSync } from 'zlib';
import { join } from 'path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, fileAvailability, normalizeEmail, type AdminFileView, type AuditPage, type FileView, type LibraryPage, type LibrarySort, type LibrarySummary } from '@solvr/contracts';
import { configOf } from '@solvr/server-core';
import { FileRecord, filesConfig, FilesService } from '@solvr/server-files';
import { signDownload } from '@solvr/server-storage';
import { type ApiApp, createApi, signIn, createAccount, filesUnder, heldLink, multipart, portOf, rawRequest, readThenCut, type RawReply, withTamperedSignature, type FilePart, type HeldLink, createTestEnv, TestEnv, TIER, waitFor } from '@solvr/server-testing';

const PASSWORD = 'files-pass-1';
const MAX = 4 * 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Caller = 'user' | 'allowed' | 'other' | 'admin';
const EMAILS: Record<Caller, string> = {
  user: 'plain.user@files.test',
  allowed: 'allowed.user@files.test',
  other: 'other.user@files.test',
  admin: 'files.admin@files.test',
};

describe(`files (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let port: number;
  const tokens = {} as Record<Caller, string>;
  const api = () => request(app.getHttpServer());
  const storageDir = () => join(t.dataDir, 'files');
  const db = () => app.get(DataSource);

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config({ FILE_MAX_SIZE: String(MAX), THROTTLE_PER_IP: '1000', THROTTLE_PER_ACCOUNT: '100' }));
    await app.listen(0, '127.0.0.1');
    port = portOf(app);
    for (const caller of Object.keys(EMAILS) as Caller[]) {
      await createAccount(app, EMAILS[caller], PASSWORD, caller === 'admin' ? 'admin' : 'user');
      tokens[caller] = (await signIn(app, EMAILS[caller], PASSWORD)).token;
    }
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const file = (filename: string, content: Buffer = randomBytes(1024), type = 'application/octet-stream'): FilePart => ({ filename, content, type });

  function upload(fields: Record<string, string>, part: FilePart | FilePart[] | null, token: string | null = tokens.admin, trailing: Array<[string, string]> = []) {
    const { body, contentType } = multipart(Object.entries(fields), part ? ([] as FilePart[]).concat(part) : [], trailing);
    const req = api().post('/api/admin/files').set('Content-Type', contentType);
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(body);
  }

  async function uploaded(fields: Record<string, string>, part: FilePart): Promise<AdminFileView> {
    const res = await upload(fields, part);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const as = (caller: Caller | null) => (req: request.Test) => (caller ? req.set('Authorization', `Bearer ${tokens[caller]}`) : req);

  async function downloadLink(id: string, caller: Caller = 'admin'): Promise<HeldLink> {
    return heldLink(await as(caller)(api().post(`/api/files/${id}/download`)).expect(200));
  }

  async function fileRows(): Promise<number> {
    const rows: Array<{ n: number | string }> = await db().query('SELECT COUNT(*) AS n FROM files');
    return Number(rows[0].n);
  }

  async function counts(fileId: string, caller: Caller): Promise<{ file: number; user: number; rows: number }> {
    const [f]: Array<{ n: number | string }> = await db().query('SELECT download_count AS n FROM files WHERE id = ?', [fileId]);
    const [u]: Array<{ n: number | string; id: string }> = await db().query('SELECT download_count AS n, id FROM users WHERE email = ?', [EMAILS[caller]]);
    const [r]: Array<{ n: number | string }> = await db().query('SELECT COUNT(*) AS n FROM file_downloads WHERE file_id = ? AND user_id = ?', [fileId, u.id]);
    return { file: Number(f?.n ?? NaN), user: Number(u.n), rows: Number(r.n) };
  }

  /** Stored objects (not temp files) in the local storage folder. */
  const objects = () => filesUnder(storageDir()).filter((p) => !p.split('/').pop()?.startsWith('.') && !p.startsWith('releases/'));

  describe('upload (admin, multipart, streamed)', () => {
    it('stores the file under a random key and creates an active record with the spec defaults', async () => {
      const content = randomBytes(300 * 1024);
      const before = objects();
      const res = await upload(
        { description: 'The  installer\u0007', version: '1.0.20', is_paid: 'true', price: '19.999', currency: 'eur', access_type: 'all_users', allowed_users: '["x@files.test"]' },
        file('Solvr-Setup.ZIP', content, 'application/zip'),
      ).expect(201);
      const view: AdminFileView = res.body;
      expect(view).toMatchObject({
        name: 'Solvr-Setup',
        description: 'The  installer',
        version: '1.0.20',
        file_name: 'Solvr-Setup.ZIP',
        file_type: 'application/zip',
        file_size: content.length,
        sha256: sha256(content),
        is_paid: true,
        price: 2000,
        currency: 'EUR',
        access_type: 'all_users',
        allowed_users: [],
        is_active: true,
        download_count: 0,
        availability: 'download',
      });
      expect(view.id).toMatch(UUID);
      expect(Date.parse(view.created_date)).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.stringify(view)).not.toMatch(/storage|key/i);
      // One new object, named by a uuid only, holding exactly the bytes.
      const added = objects().filter((p) => !before.includes(p));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^files\/[0-9a-f-]{36}$/);
      expect(filesUnder(storageDir()).some((p) => p.endsWith('.part'))).toBe(false);
      const link = await downloadLink(view.id);
      const got = await rawRequest(port, link);
      expect(sha256(got.body)).toBe(sha256(content));
    });

    it('takes the extension as file_type when the browser sends no real MIME type, and keeps allowed users only for specific_users', async () => {
      const a = await uploaded({ access_type: 'specific_users', allowed_users: JSON.stringify(['A@Files.Test', 'a@files.test', 'b@files.test']) }, file('build.dmg'));
      expect(a).toMatchObject({ name: 'build', file_type: 'dmg', is_paid: false, price: 0, currency: 'USD', allowed_users: ['a@files.test', 'b@files.test'] });
      const b = await uploaded({ name: '  Notes\u202E  ', is_paid: 'false', price: '5' }, file('README', randomBytes(10), 'application/octet-stream'));
      expect(b).toMatchObject({ name: 'Notes', file_type: 'unknown', price: 0, access_type: 'all_users' });
    });

    it('refuses invalid forms with the spec messages and keeps nothing', async () => {
      const rows = await fileRows();
      const stored = objects();
      const refused = async (res: request.Response, status: number, message: string) => {
        expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
      };
      await refused(await upload({ name: 'No file' }, null), 400, FILE_TEXTS.selectFile);
      await refused(await upload({ name: 'Empty part' }, file('', Buffer.alloc(0))), 400, FILE_TEXTS.selectFile);
      for (const price of ['', '0', '0.001', 'abc', '-5']) {
        const res = await upload({ is_paid: 'true', price }, file('paid.zip'));
        await refused(res, 400, FILE_TEXTS.invalidPrice);
        expect(res.body.errors).toEqual({ price: FILE_TEXTS.invalidPrice });
      }
      await refused(await upload({ is_paid: 'true' }, file('paid.zip')), 400, FILE_TEXTS.invalidPrice);
      await refused(await upload({ currency: 'JPY' }, file('a.zip')), 400, FILE_TEXTS.badCurrency);
      await refused(await upload({ access_type: 'everyone' }, file('a.zip')), 400, FILE_TEXTS.badAccessType);
      await refused(await upload({ access_type: 'specific_users', allowed_users: 'a@files.test' }, file('a.zip')), 400, FILE_TEXTS.badAllowedUsers);
      await refused(await upload({ access_type: 'specific_users', allowed_users: '["not-an-email"]' }, file('a.zip')), 400, FILE_TEXTS.badAllowedUser('not-an-email'));
      await refused(await upload({ is_paid: 'maybe' }, file('a.zip')), 400, FILE_TEXTS.badIsPaid);
      await refused(await upload({ name: 'n'.repeat(201) }, file('a.zip')), 400, 'File name must be at most 200 characters.');
      await refused(await upload({ colour: 'red' }, file('a.zip')), 400, FILE_TEXTS.unknownField('colour'));
      await refused(await upload({}, [file('a.zip'), file('b.zip')]), 400, FILE_TEXTS.oneFile);
      await refused(await upload({}, { ...file('a.zip'), field: 'upload' }), 400, FILE_TEXTS.oneFile);
      // A field after the file: the object was already written, and is removed again.
      await refused(await upload({}, file('late.zip', randomBytes(200 * 1024)), tokens.admin, [['name', 'late']]), 400, FILE_TEXTS.fieldsAfterFile);
      await refused(await api().post('/api/admin/files').set('Authorization', `Bearer ${tokens.admin}`).send({ name: 'json' }), 415, FILE_TEXTS.notMultipart);
      expect(await fileRows()).toBe(rows);
      expect(filesUnder(storageDir()).filter((p) => !p.startsWith('releases/') && !stored.includes(p))).toEqual([]);
    });

    it('is for admins only', async () => {
      const rows = await fileRows();
      expect((await upload({}, file('a.zip'), null)).status).toBe(401);
      expect((await upload({}, file('a.zip'), tokens.user)).status).toBe(403);
      expect(await fileRows()).toBe(rows);
    });

    it('accepts a file of exactly FILE_MAX_SIZE and answers 413 with a clear message one byte over, keeping nothing', async () => {
      expect((await api().get('/api/admin/files/limits').set('Authorization', `Bearer ${tokens.admin}`).expect(200)).body).toEqual({ max_bytes: MAX });
      const exact = await uploaded({}, file('exact.bin', randomBytes(MAX)));
      expect(exact.file_size).toBe(MAX);

      const rows = await fileRows();
      const stored = filesUnder(storageDir());
      const res = await upload({}, file('over.bin', randomBytes(MAX + 1)));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: FILE_TEXTS.tooLarge(MAX) });
      expect(res.body.message).toBe('The file is too large. Files can be at most 4 MB.');
      expect(await fileRows()).toBe(rows);
      expect(filesUnder(storageDir())).toEqual(stored);
    });

    it('answers 413 at once when the request announces more than the limit', async () => {
      const rows = await fileRows();
      const { body, contentType } = multipart([], [file('huge.bin', randomBytes(64 * 1024))]);
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          path: '/api/admin/files',
          method: 'POST',
          agent: false,
          headers: { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': contentType, 'Content-Length': String(10 * 1024 ** 3) },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.write(body); // far less than announced: the answer must not wait for the rest
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body).message).toBe(FILE_TEXTS.tooLarge(MAX));
      expect(await fileRows()).toBe(rows);
    });

    it('leaves no record and no stored bytes when the upload is cut off half-way', async () => {
      const rows = await fileRows();
      const stored = filesUnder(storageDir());
      const content = randomBytes(3 * 1024 * 1024);
      const { body, contentType } = multipart([['name', 'Cut off']], [file('cut.bin', content)]);
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/admin/files',
        method: 'POST',
        agent: false,
        headers: { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': contentType, 'Content-Length': String(body.length) },
      });
      req.on('error', () => undefined);
      req.write(body.subarray(0, 1024 * 1024));
      // The upload is really under way: its temp file exists in the storage folder.
      await waitFor(async () => filesUnder(storageDir()).some((p) => p.endsWith('.part')), 'the temp file of the upload');
      req.destroy();
      await waitFor(async () => filesUnder(storageDir()).every((p) => !p.endsWith('.part')), 'the temp file to be removed');
      await new Promise((r) => setTimeout(r, 300));
      expect(await fileRows()).toBe(rows);
      expect(filesUnder(storageDir())).toEqual(stored);
    });
  });

  describe('access matrix over list, get and download (spec section 6)', () => {
    type Row = 'all_users' | 'specific_users' | 'paid' | 'paid_allowed' | 'inactive';
    const ids = {} as Record<Row, string>;
    const contents = {} as Record<Row, Buffer>;
    // 'download': listed and downloadable; 'buy': listed, download refused with the spec's text; 'hidden': not there at all.
    const EXPECTED: Record<Caller, Record<Row, 'download' | 'buy' | 'hidden'>> = {
      user: { all_users: 'download', specific_users: 'hidden', paid: 'buy', paid_allowed: 'buy', inactive: 'hidden' },
      allowed: { all_users: 'download', specific_users: 'download', paid: 'buy', paid_allowed: 'download', inactive: 'hidden' },
      other: { all_users: 'download', specific_users: 'hidden', paid: 'buy', paid_allowed: 'buy', inactive: 'hidden' },
      admin: { all_users: 'download', specific_users: 'download', paid: 'download', paid_allowed: 'download', inactive: 'download' },
    };
    // The allowed user is listed in another spelling: the rule compares canonical e-mails.
    const listed = JSON.stringify(['Allowed.User@Files.Test']);

    beforeAll(async () => {
      const fields: Record<Row, Record<string, string>> = {
        all_users: { name: 'Matrix all users' },
        specific_users: { name: 'Matrix specific', access_type: 'specific_users', allowed_users: listed },
        paid: { name: 'Matrix paid', is_paid: 'true', price: '9.99' },
        paid_allowed: { name: 'Matrix paid allowed', is_paid: 'true', price: '4.50', currency: 'GBP', access_type: 'specific_users', allowed_users: listed },
        inactive: { name: 'Matrix inactive' },
      };
      for (const row of Object.keys(fields) as Row[]) {
        contents[row] = randomBytes(2048);
        ids[row] = (await uploaded(fields[row], file(`${row}.bin`, contents[row]))).id;
      }
      const off = await api().patch(`/api/admin/files/${ids.inactive}`).set('Authorization', `Bearer ${tokens.admin}`).send({ is_active: false }).expect(200);
      expect(off.body).toMatchObject({ id: ids.inactive, is_active: false });
    });

    it('refuses anonymous callers everywhere', async () => {
      await api().get('/api/files').expect(401);
      for (const row of Object.keys(ids) as Row[]) {
        await api().get(`/api/files/${ids[row]}`).expect(401);
        await api().post(`/api/files/${ids[row]}/download`).expect(401);
      }
      await api().get('/api/admin/files').expect(401);
    });

    for (const caller of Object.keys(EXPECTED) as Caller[]) {
      it(`gives the ${caller} exactly what the rule allows`, async () => {
        const list = await as(caller)(api().get('/api/files?limit=100')).expect(200);
        const files: FileView[] = list.body.files;
        if (caller !== 'admin') {
          // Users never receive anyone's e-mail, nor the allowed lists.
          expect(JSON.stringify(files)).not.toContain('@');
          expect(files.every((f) => !('allowed_users' in f) && f.is_active)).toBe(true);
        }
        for (const row of Object.keys(ids) as Row[]) {
          const expected = EXPECTED[caller][row];
          const inList = files.find((f) => f.id === ids[row]);
          const get = await as(caller)(api().get(`/api/files/${ids[row]}`));
          const before = await counts(ids[row], caller);
          const dl = await as(caller)(api().post(`/api/files/${ids[row]}/download`));
          const cell = `${caller} × ${row}`;
          if (expected === 'hidden') {
            expect({ cell, inList, get: get.status, download: dl.status }).toEqual({ cell, inList: undefined, get: 404, download: 404 });
            expect(JSON.stringify(get.body) + JSON.stringify(dl.body)).not.toContain('Matrix');
          } else {
            expect({ cell, listed: inList?.availability, get: get.status, got: get.body.availability }).toEqual({ cell, listed: expected, get: 200, got: expected });
            if (expected === 'buy') {
              expect({ cell, download: dl.status, message: dl.body.message }).toEqual({ cell, download: 403, message: FILE_TEXTS.noAccess });
              expect(dl.body.url).toBeUndefined();
            } else {
              expect({ cell, download: dl.status }).toEqual({ cell, download: 200 });
              const bytes = await rawRequest(port, heldLink(dl));
              expect({ cell, status: bytes.status, same: bytes.body.equals(contents[row]) }).toEqual({ cell, status: 200, same: true });
            }
          }
          const after = await counts(ids[row], caller);
          const step = expected === 'download' ? 1 : 0;
          expect({ cell, ...after }).toEqual({ cell, file: before.file + step, user: before.user + step, rows: before.rows + step });
        }
      });
    }

    it('shows admins every file with its allowed list; users get 403 there', async () => {
      const all: AdminFileView[] = (await api().get('/api/admin/files').set('Authorization', `Bearer ${tokens.admin}`).expect(200)).body;
      expect(all.find((f) => f.id === ids.specific_users)?.allowed_users).toEqual(['allowed.user@files.test']);
      expect(all.find((f) => f.id === ids.inactive)?.is_active).toBe(false);
      const order = all.map((f) => f.created_date);
      expect([...order].sort().reverse()).toEqual(order);
      await as('user')(api().get('/api/admin/files')).expect(403);
      await as('allowed')(api().patch(`/api/admin/files/${ids.all_users}`).send({ is_active: false })).expect(403);
      await as('allowed')(api().delete(`/api/admin/files/${ids.all_users}`)).expect(403);
      await as('user')(api().get(`/api/admin/files/${ids.paid}/url`)).expect(403);
    });

    it('activates and deactivates: an inactive file disappears for users and comes back', async () => {
      const admin = (req: request.Test) => req.set('Authorization', `Bearer ${tokens.admin}`);
      await admin(api().patch(`/api/admin/files/${ids.all_users}`).send({ is_active: 'no' })).expect(400);
      await admin(api().patch(`/api/admin/files/${ids.all_users}`).send({ is_active: false })).expect(200);
      await as('user')(api().get(`/api/files/${ids.all_users}`)).expect(404);
      expect((await as('user')(api().get('/api/files?limit=100'))).body.files.some((f: FileView) => f.id === ids.all_users)).toBe(false);
      await admin(api().patch(`/api/admin/files/${ids.all_users}`).send({ is_active: true })).expect(200);
      await as('user')(api().get(`/api/files/${ids.all_users}`)).expect(200);
      await admin(api().patch(`/api/admin/files/00000000-0000-0000-0000-000000000000`).send({ is_active: true })).expect(404);
    });

    it('lets admins open a file ("View") without counting a download', async () => {
      const before = await counts(ids.paid, 'admin');
      const link = heldLink(await api().get(`/api/admin/files/${ids.paid}/url`).set('Authorization', `Bearer ${tokens.admin}`).expect(200));
      expect((await rawRequest(port, link)).body.equals(contents.paid)).toBe(true);
      expect(await counts(ids.paid, 'admin')).toEqual(before);
    });
  });

  describe('downloads', () => {
    let big: Buffer;
    let id: string;
    let link: HeldLink;

    beforeAll(async () => {
      big = randomBytes(3 * 1024 * 1024 + 17);
      id = (await uploaded({ name: 'Big' }, file('big.bin', big))).id;
      link = await downloadLink(id, 'user');
    });

    it('hands out a short-lived link and serves the whole file with ETag and a safe attachment', async () => {
      expect(link.url).toMatch(/^\/api\/download\?key=files%2F[0-9a-f-]{36}&name=big\.bin&expires=\d+&sig=[\w-]+$/);
      const ttl = Date.parse(link.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(250_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
      const res = await rawRequest(port, link);
      expect(res.status).toBe(200);
      expect(res.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-length': String(big.length),
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="big.bin"`,
        'cache-control': 'private, no-store',
      });
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.body.equals(big)).toBe(true);
      expect((await as('user')(api().get(`/api/files/${id}`))).body.sha256).toBe(sha256(big));
    });

    it('answers Range requests with 206, 416 past the end, and 304 for a matching If-None-Match', async () => {
      const part = await rawRequest(port, link, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${big.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.body.equals(big.subarray(100, 200))).toBe(true);

      const tail = await rawRequest(port, link, { headers: { Range: 'bytes=-10' } });
      expect(tail.status).toBe(206);
      expect(tail.body.equals(big.subarray(big.length - 10))).toBe(true);

      const past = await rawRequest(port, link, { headers: { Range: `bytes=${big.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${big.length}`);
      expect(past.body.length).toBe(0);

      const etag = part.headers.etag as string;
      expect((await rawRequest(port, link, { headers: { 'If-None-Match': etag } })).status).toBe(304);

      const head = await rawRequest(port, link, { method: 'HEAD' });
      expect({ status: head.status, length: head.headers['content-length'], body: head.body.length }).toEqual({ status: 200, length: String(big.length), body: 0 });
    });

    it('answers several ranges at once with 206 multipart/byteranges, each part in the order asked', async () => {
      const asked = [[5_000, 5_099], [100, 199], [big.length - 10, big.length - 1]];
      const res = await rawRequest(port, link, { headers: { Range: `bytes=${asked.map(([a, b]) => `${a}-${b}`).join(', ')}` } });
      expect(res.status).toBe(206);
      const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(res.headers['content-type'] as string)?.[1] as string;
      expect(boundary).toBeTruthy();
      expect(res.headers['content-length']).toBe(String(res.body.length));
      // Each part: --boundary, its headers, a blank line, the bytes; then the closing --boundary--.
      const text = res.body.toString('latin1');
      const parts = text.split(`--${boundary}`);
      expect(parts.shift()).toBe('');
      expect(parts.pop()).toBe('--\r\n');
      expect(parts.map((part) => {
        const [head, data] = [part.slice(0, part.indexOf('\r\n\r\n')), part.slice(part.indexOf('\r\n\r\n') + 4, -2)];
        return { range: /Content-Range: (.+)/.exec(head)?.[1], type: /Content-Type: (.+)/.exec(head)?.[1], same: Buffer.from(data, 'latin1').equals(big.subarray(Number(/bytes (\d+)/.exec(head)?.[1]), Number(/-(\d+)\//.exec(head)?.[1]) + 1)) };
      })).toEqual(asked.map(([a, b]) => ({ range: `bytes ${a}-${b}/${big.length}`, type: 'application/octet-stream', same: true })));

      // Parts past the end are left out; overlapping parts get the whole file (one request must not send it many times).
      const oneLeft = await rawRequest(port, link, { headers: { Range: `bytes=0-9, ${big.length}-` } });
      expect({ status: oneLeft.status, range: oneLeft.headers['content-range'], same: oneLeft.body.equals(big.subarray(0, 10)) }).toEqual({ status: 206, range: `bytes 0-9/${big.length}`, same: true });
      // Overlapping parts are merged into one, as nginx does: the bytes once, not twice.
      const overlapping = await rawRequest(port, link, { headers: { Range: 'bytes=0-999, 500-1499' } });
      expect({ status: overlapping.status, range: overlapping.headers['content-range'], same: overlapping.body.equals(big.subarray(0, 1500)) }).toEqual({
        status: 206,
        range: `bytes 0-1499/${big.length}`,
        same: true,
      });
      expect((await rawRequest(port, link, { headers: { Range: `bytes=${big.length}-, ${big.length + 5}-` } })).status).toBe(416);
    });

    it('resumes from an offset after a cut connection, and restarts when the file changed (If-Range)', async () => {
      const cut = await readThenCut(port, link, 1024 * 1024 + 3);
      const etag = cut.headers.etag as string;
      const rest = await rawRequest(port, link, { headers: { Range: `bytes=${cut.received.length}-`, 'If-Range': etag } });
      expect(rest.status).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes ${cut.received.length}-${big.length - 1}/${big.length}`);
      expect(sha256(Buffer.concat([cut.received, rest.body]))).toBe(sha256(big));

      const stale = await rawRequest(port, link, { headers: { Range: `bytes=${cut.received.length}-`, 'If-Range': '"some-other-version"' } });
      expect(stale.status).toBe(200);
      expect(stale.body.equals(big)).toBe(true);
    });

    it('counts one download however many Range requests fetch it (8 in parallel)', async () => {
      const before = await counts(id, 'other');
      const own = await downloadLink(id, 'other');
      const slice = Math.ceil(big.length / 8);
      const parts = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          rawRequest(port, own, { headers: { Range: `bytes=${i * slice}-${Math.min((i + 1) * slice, big.length) - 1}` } }),
        ),
      );
      expect(parts.map((p) => p.status)).toEqual(Array(8).fill(206));
      expect(Buffer.concat(parts.map((p) => p.body)).equals(big)).toBe(true);
      expect(await counts(id, 'other')).toEqual({ file: before.file + 1, user: before.user + 1, rows: before.rows + 1 });
    });

    it('counts 8 parallel downloads exactly 8 times: file, user and rows together', async () => {
      const before = await counts(id, 'allowed');
      const links = await Promise.all(Array.from({ length: 8 }, () => as('allowed')(api().post(`/api/files/${id}/download`))));
      expect(links.map((l) => l.status)).toEqual(Array(8).fill(200));
      expect(await counts(id, 'allowed')).toEqual({ file: before.file + 8, user: before.user + 8, rows: before.rows + 8 });
      const me = await as('allowed')(api().get('/api/users/me')).expect(200);
      expect(me.body.download_count).toBe(before.user + 8);
    });

    it('keeps each count all-or-nothing when concurrent counts fail and roll back', async () => {
      const before = await counts(id, 'user');
      const [{ id: userId }]: Array<{ id: string }> = await db().query('SELECT id FROM users WHERE email = ?', [EMAILS.user]);
      const service = app.get(FilesService);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => service.countDownload(i % 2 ? id : '00000000-0000-0000-0000-000000000000', userId)),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? 'fulfilled' : 'rejected')));
      expect(await counts(id, 'user')).toEqual({ file: before.file + 6, user: before.user + 6, rows: before.rows + 6 });
    });

    it('refuses a tampered, incomplete or expired link, and has no guessable URL', async () => {
      const url = new URL(link.url, 'http://x');
      const q = url.searchParams;
      const variant = (change: (p: URLSearchParams) => void) => {
        const p = new URLSearchParams(q);
        change(p);
        return `${url.pathname}?${p}`;
      };
      const otherKey = (await uploaded({ name: 'Other' }, file('other.bin'))).id;
      const tampered = [
        withTamperedSignature(`${url.pathname}?${q}`),
        variant((p) => p.set('name', 'evil.exe')),
        variant((p) => p.set('expires', String(Number(q.get('expires')) + 3600))),
        variant((p) => p.set('key', `files/${otherKey}`)),
        variant((p) => p.delete('sig')),
        variant((p) => p.append('key', 'files/x')),
        `${url.pathname}?key=${encodeURIComponent(q.get('key') as string)}`,
        url.pathname,
      ];
      for (const path of tampered) {
        const res = await rawRequest(port, { ...link, url: path });
        expect({ path, status: res.status, message: JSON.parse(res.body.toString()).message }).toEqual({ path, status: 403, message: FILE_TEXTS.linkInvalid });
      }
      const secret = configOf(t.config({ FILE_MAX_SIZE: String(MAX) }), filesConfig).signingKey;
      const [{ id: holder }]: Array<{ id: string }> = await db().query('SELECT id FROM users WHERE email = ?', [EMAILS.user]);
      const expired = `${url.pathname}?${signDownload(q.get('key') as string, 'big.bin', new Date(Date.now() - 1000), secret, holder)}`;
      const gone = await rawRequest(port, { ...link, url: expired });
      expect({ status: gone.status, message: JSON.parse(gone.body.toString()).message }).toEqual({ status: 410, message: FILE_TEXTS.linkExpired });
      // The same signing with the real key and a future time works: the refusal above is the expiry, not the signer.
      const fresh = `${url.pathname}?${signDownload(q.get('key') as string, 'big.bin', new Date(Date.now() + 60_000), secret, holder)}`;
      expect((await rawRequest(port, { ...link, url: fresh })).status).toBe(200);
      // Stored files are not reachable by their key anywhere else.
      for (const path of [`/${q.get('key')}`, `/api/${q.get('key')}`, `/api/files/${q.get('key')}`, `/data/files/${q.get('key')}`]) {
        expect([path, (await rawRequest(port, path, { headers: { Authorization: `Bearer ${tokens.admin}` } })).status]).toEqual([path, 404]);
      }
    });

    it('serves a link to the browser of the user it was made for only: not to another user, nor to no one', async () => {
      const other = await downloadLink(id, 'other');
      const refused = async (to: string | HeldLink) => {
        const res = await rawRequest(port, to);
        return { status: res.status, message: JSON.parse(res.body.toString()).message };
      };
      const invalid = { status: 403, message: FILE_TEXTS.linkInvalid };
      // The user's link with another user's holder cookie, with none, and with a forged one.
      expect(await refused({ ...link, cookie: other.cookie })).toEqual(invalid);
      expect(await refused(link.url)).toEqual(invalid);
      expect(await refused({ ...link, cookie: other.cookie.replace(/=[^.]+\./, `=${link.cookie.split('=')[1].split('.')[0]}.`) })).toEqual(invalid);
      // Each holder's own link works, and the user's link is not counted again for anyone.
      const before = await counts(id, 'other');
      expect((await rawRequest(port, other)).status).toBe(200);
      expect((await rawRequest(port, link)).status).toBe(200);
      expect(await counts(id, 'other')).toEqual(before);
    });

    it('gives hostile file names a safe Content-Disposition and a safe default name', async () => {
      const names = ['../../etc/passwd', '..\\..\\windows\\win.ini', 'bell\u0007null\u0001tab\t.txt', 'invoice\u202Etxt.exe', 'x'.repeat(300) + '.zip', '\u2066évil\u2069 naïve.pdf'];
      const stored: string[] = [];
      for (const name of names) {
        const view = await uploaded({}, file(name));
        stored.push(view.file_name);
        const fileName = view.file_name;
        // eslint-disable-next-line no-control-regex
        const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069/\\"]/;
        expect({ name, fileName, bad: unsafe.test(fileName) || unsafe.test(view.name) }).toEqual({ name, fileName, bad: false });
        expect(Array.from(fileName).length).toBeLessThanOrEqual(200);
        const res = await rawRequest(port, await downloadLink(view.id));
        const disposition = res.headers['content-disposition'] as string;
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u001f\u007f]/.test(disposition)).toBe(false);
        // A plain ASCII name as it is; another with its ASCII fallback and the UTF-8 name.
        const match = /^attachment; filename="([^"]*)"(?:; filename\*=UTF-8''([^;]*))?$/.exec(disposition);
        expect(match).not.toBeNull();
        const [, fallback, encoded] = match as RegExpExecArray;
        const decoded = encoded === undefined ? fallback : decodeURIComponent(encoded);
        expect(decoded).toBe(fileName);
        expect(unsafe.test(decoded) || unsafe.test(fallback)).toBe(false);
      }
      expect(stored).toEqual(['passwd', 'win.ini', 'bellnulltab.txt', 'invoicetxt.exe', 'x'.repeat(196) + '.zip', 'évil naïve.pdf']);
      const long = (await api().get('/api/admin/files').set('Authorization', `Bearer ${tokens.admin}`)).body.find((f: AdminFileView) => f.file_name.startsWith('xxx'));
      expect(long.file_name).toBe('x'.repeat(196) + '.zip');
      expect(long.name).toBe('x'.repeat(196));
      expect(objects().every((p) => /^files\/[0-9a-f-]{36}$/.test(p))).toBe(true);
    });

    it('deletes the record and the stored object; the old link then fails', async () => {
      const victim = await uploaded({ name: 'Doomed' }, file('doomed.bin'));
      const before = objects();
      const doomedLink = await downloadLink(victim.id, 'user');
      expect((await rawRequest(port, doomedLink)).status).toBe(200);
      const gone = await api().delete(`/api/admin/files/${victim.id}`).set('Authorization', `Bearer ${tokens.admin}`).expect(204);
      expect(gone.text).toBe('');
      expect(before.length - objects().length).toBe(1);
      // The audit log still names the file it no longer has.
      const log = (await as('admin')(api().get('/api/admin/audit').query({ action: 'file.delete' })).expect(200)).body as AuditPage;
      expect(log.entries[0]).toMatchObject({ target_type: 'file', target_id: victim.id, target_label: 'Doomed' });
      expect((await rawRequest(port, doomedLink)).status).toBe(404);
      await as('user')(api().get(`/api/files/${victim.id}`)).expect(404);
      await api().delete(`/api/admin/files/${victim.id}`).set('Authorization', `Bearer ${tokens.admin}`).expect(404);
      // The user's download stays counted, without the file.
      const rows: Array<{ file_id: string | null }> = await db().query(
        'SELECT d.file_id FROM file_downloads d JOIN users u ON u.id = d.user_id WHERE u.email = ? ORDER BY d.created_date DESC',
        [EMAILS.user],
      );
      expect(rows[0].file_id).toBeNull();
    });
  });

  describe('the library answer', () => {
    const listed = async (caller: Caller, id: string) => ((await as(caller)(api().get('/api/files?limit=100')).expect(200)).body as LibraryPage).files.find((v) => v.id === id);

    it('is never another caller\'s, and shows a write through the api or outside it on the next read', async () => {
      const f = await uploaded({ name: 'Replayed', access_type: 'specific_users', allowed_users: JSON.stringify([EMAILS.allowed]) }, file('replayed.zip'));
      // Each caller their own answer, asked in turn.
      for (let i = 0; i < 2; i++) {
        expect(await listed('allowed', f.id)).toMatchObject({ name: 'Replayed' });
        expect(await listed('user', f.id)).toBeUndefined();
      }
      // Through the api: the next read shows it.
      await as('admin')(api().patch(`/api/admin/files/${f.id}`)).send({ is_active: false }).expect(200);
      expect(await listed('allowed', f.id)).toBeUndefined();
      await as('admin')(api().patch(`/api/admin/files/${f.id}`)).send({ is_active: true }).expect(200);
      expect(await listed('allowed', f.id)).toMatchObject({ name: 'Replayed', download_count: 0 });
      // A download (the counts it shows) too.
      const link = await downloadLink(f.id, 'allowed');
      expect((await rawRequest(port, link)).status).toBe(200);
      await waitFor(async () => (await listed('allowed', f.id))?.download_count === 1, 'the download counted in the list');
      // Downloads counted by another replica: the list is read from the table, so the next read has them.
      await db().query('UPDATE files SET download_count = download_count + 5 WHERE id = ?', [f.id]);
      expect(await listed('allowed', f.id)).toMatchObject({ name: 'Replayed', download_count: 6 });
      expect(await listed('user', f.id)).toBeUndefined();
      // Outside the api (another replica, or the database's owner): the next read too.
      await db().query('UPDATE files SET is_active = ? WHERE id = ?', [false, f.id]);
      expect(await listed('allowed', f.id)).toBeUndefined();
    });

    it('shows a download counted here and one counted by another replica, both between two reads', async () => {
      const here = await uploaded({ name: 'Counted here' }, file('here.zip'));
      const elsewhere = await uploaded({ name: 'Counted elsewhere' }, file('elsewhere.zip'));
      expect([await listed('user', here.id), await listed('user', elsewhere.id)]).toMatchObject([{ download_count: 0 }, { download_count: 0 }]);
      expect((await rawRequest(port, await downloadLink(here.id, 'user'))).status).toBe(200);
      const count = async (id: string) => Number((await db().query('SELECT download_count AS n FROM files WHERE id = ?', [id]))[0].n);
      await waitFor(async () => (await count(here.id)) === 1, 'the download counted in the database');
      await db().query('UPDATE files SET download_count = download_count + 1 WHERE id = ?', [elsewhere.id]);
      // Reading only the counts of the files counted here would leave the other one at 0.
      expect([await listed('user', here.id), await listed('user', elsewhere.id)]).toMatchObject([{ download_count: 1 }, { download_count: 1 }]);
    });

    it('goes compressed when the browser accepts it, with an ETag of its bytes: 304 while they are the same', async () => {
      const asBrowser = (headers: Record<string, string> = {}) =>
        rawRequest(port, '/api/files', { headers: { Authorization: `Bearer ${tokens.allowed}`, 'Accept-Encoding': 'gzip, deflate, br', ...headers } });
      const plainOf = (reply: RawReply) => (reply.headers['content-encoding'] === 'br' ? brotliDecompressSync(reply.body) : reply.body);
      const first = await asBrowser();
      const second = await asBrowser();
      expect([first.status, second.status, second.headers['content-encoding'], second.headers['vary']]).toEqual([200, 200, 'br', 'accept-encoding']);
      expect(plainOf(first).equals(plainOf(second))).toBe(true);
      expect(JSON.parse(plainOf(first).toString())).toEqual(expect.objectContaining({ files: expect.any(Array), next: null }));
      const etag = String(first.headers.etag);
      expect(second.headers.etag).toBe(etag);
      expect((await asBrowser({ 'If-None-Match': etag })).status).toBe(304);
      // Another caller's list is not this one's: its tag differs.
      const other = await rawRequest(port, '/api/files', { headers: { Authorization: `Bearer ${tokens.user}` } });
      expect(other.headers.etag).not.toBe(etag);
    });
  });
  describe('the library pages (search, type filter, sorts, counts in SQL)', () => {
    const seeded: string[] = [];
    const TYPES = ['ZIP', 'PDF', 'DMG'];
    beforeAll(async () => {
      const at = Date.UTC(2025, 5, 1);
      const rows = Array.from({ length: 130 }, (_, i) => {
        const ext = TYPES[i % 3].toLowerCase();
        const specific = i % 7 === 3;
        // Every fifth pair shares a created date and every fourth a name: the tie-breakers decide.
        const created = new Date(at + Math.floor(i / 2) * (i % 5 === 0 ? 0 : 60_000) + (i % 5 === 0 ? 0 : i));
        return {
          id: randomUUID(),
          name: `${i % 4 === 0 ? 'same name' : `Pack ${String.fromCharCode(65 + (i % 26))}${i}`}${i % 2 ? '' : ' guide'}`,
          description: i % 9 === 0 ? 'Has the NEEDLE_% inside' : 'plain',
          version: '1',
          fileName: `pack-${i}.${ext}`,
          fileType: i % 6 === 0 ? `application/${ext}` : 'application/octet-stream',
          typeLabel: TYPES[i % 3],
          fileSize: 1000 + i,
          storageKey: `files/${randomUUID()}`,
          sha256: 'a'.repeat(64),
          sha512: 'b'.repeat(88),
          accessType: specific ? ('specific_users' as const) : ('all_users' as const),
          allowedUsers: specific ? (i % 2 ? [normalizeEmail(EMAILS.allowed)] : ['someone@files.test']) : [],
          isActive: i % 11 !== 5,
          isPaid: i % 8 === 1,
          price: i % 8 === 1 ? 500 : 0,
          currency: 'USD' as const,
          downloadCount: i % 13,
          createdBy: null,
          createdDate: created,
          updatedDate: created,
        };
      });
      await db().getRepository(FileRecord).insert(rows);
      seeded.push(...rows.map((r) => r.id));
    });
    afterAll(async () => {
      if (seeded.length) await db().getRepository(FileRecord).delete(seeded);
    });

    /** Every page of a query, `limit` at a time, following `next`. */
    async function walk(caller: Caller, params: Record<string, string>, limit = 25): Promise<{ ids: string[]; first: LibraryPage }> {
      const ids: string[] = [];
      let after: string | null = null;
      let first: LibraryPage | undefined;
      do {
        const page: LibraryPage = (await as(caller)(api().get('/api/files').query({ ...params, limit, ...(after ? { after } : {}) })).expect(200)).body;
        first ??= page;
        expect(page.files.length).toBeLessThanOrEqual(limit);
        ids.push(...page.files.map((f) => f.id));
        after = page.next;
      } while (after);
      return { ids, first: first as LibraryPage };
    }

    const byTime = (a: FileRecord, b: FileRecord) => b.createdDate.getTime() - a.createdDate.getTime() || (a.id < b.id ? 1 : -1);
    const ORDER: Record<LibrarySort, (a: FileRecord, b: FileRecord) => number> = {
      newest: byTime,
      oldest: (a, b) => -byTime(a, b),
      name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : byTime(a, b)),
      popular: (a, b) => b.downloadCount - a.downloadCount || byTime(a, b),
    };

    /** What the spec section 6 rule shows the caller, from every row (the rule in contracts, not the api's SQL). */
    async function expected(caller: Caller) {
      const viewer = { email: EMAILS[caller], isAdmin: caller === 'admin' };
      const rows = await db().getRepository(FileRecord).find();
      return rows.filter((f) => fileAvailability({ id: f.id, is_active: f.isActive, is_paid: f.isPaid, access_type: f.accessType, allowed_users: f.allowedUsers }, viewer) !== 'hidden');
    }

    for (const sort of ['newest', 'oldest', 'name', 'popular'] as const) {
      it(`walks every page sorted ${sort}: each visible file once, in order, for a user, a listed user and an admin`, async () => {
        for (const caller of ['user', 'allowed', 'admin'] as const) {
          const want = (await expected(caller)).sort(ORDER[sort]).map((f) => f.id);
          const { ids, first } = await walk(caller, { sort });
          expect({ caller, ids: [...ids].sort() }).toEqual({ caller, ids: [...want].sort() });
          // Names other tests gave (accents, symbols) sort by each database's collation: the seeded ASCII ones by both alike.
          const ours = (list: string[]) => (sort === 'name' ? list.filter((id) => seeded.includes(id)) : list);
          expect({ caller, ids: ours(ids) }).toEqual({ caller, ids: ours(want) });
          expect(first.files.length).toBe(Math.min(25, want.length));
        }
      });
    }

    it('searches name and description case-insensitively, wildcards taken literally', async () => {
      const visible = await expected('allowed');
      const want = visible.filter((f) => `${f.name} ${f.description}`.toLowerCase().includes('needle_%')).sort(byTime).map((f) => f.id);
      expect(want.length).toBeGreaterThan(3);
      expect((await walk('allowed', { search: '  needle_% ' }, 5)).ids).toEqual(want);
      const guides = await walk('allowed', { search: 'GUIDE', sort: 'name' }, 100);
      expect(guides.ids).toEqual(visible.filter((f) => f.name.toLowerCase().includes('guide')).sort(ORDER.name).map((f) => f.id));
      // A wildcard alone matches only itself.
      expect((await walk('allowed', { search: '%' })).ids).toEqual(visible.filter((f) => f.name.includes('%') || f.description.includes('%')).sort(byTime).map((f) => f.id));
    });

    it("filters by type; the summary counts what the caller sees and lists its types", async () => {
      const visible = await expected('user');
      const { ids } = await walk('user', { type: 'PDF', sort: 'popular' }, 30);
      expect(ids).toEqual(visible.filter((f) => f.typeLabel === 'PDF').sort(ORDER.popular).map((f) => f.id));
      expect((await walk('user', { type: 'NOPE' })).first).toEqual({ files: [], next: null });
      const summary: LibrarySummary = (await as('user')(api().get('/api/files/summary')).expect(200)).body;
      const viewer = { email: EMAILS.user, isAdmin: false };
      const free = visible.filter((f) => fileAvailability({ id: f.id, is_active: f.isActive, is_paid: f.isPaid, access_type: f.accessType, allowed_users: f.allowedUsers }, viewer) === 'download');
      const top = [...visible].sort(ORDER.popular)[0];
      expect(summary).toMatchObject({
        total_files: visible.length,
        available_files: free.length,
        most_popular: { id: top.id, download_count: top.downloadCount },
        types: [...new Set(visible.map((f) => f.typeLabel).filter(Boolean))].sort(),
      });
      expect(summary.types).toEqual(expect.arrayContaining(TYPES));
    });

    it('answers a bad sort, cursor or page size with a sentence, never a 500', async () => {
      const ask = (query: Record<string, string>) => as('user')(api().get('/api/files').query(query));
      expect((await ask({ sort: 'size' }).expect(400)).body.message).toBe(FILE_TEXTS.badLibrarySort);
      for (const after of ['nope', Buffer.from('["name","x"]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url')]) {
        expect((await ask({ after }).expect(400)).body.message).toBe(FILE_TEXTS.badLibraryCursor);
      }
      // A cursor of one order is not one of another.
      const next = (await ask({ sort: 'name', limit: '2' }).expect(200)).body.next as string;
      expect((await ask({ sort: 'newest', after: next }).expect(400)).body.message).toBe(FILE_TEXTS.badLibraryCursor);
      for (const limit of ['0', '101', '2.5', 'x']) expect((await ask({ limit }).expect(400)).body.message).toBe(FILE_TEXTS.badLibraryLimit);
      expect((await ask({ search: 'x'.repeat(101) }).expect(400)).body.message).toBe(FILE_TEXTS.badLibrarySearch);
      await ask({ unknown: '1' }).expect(400);
    });
  });
});
