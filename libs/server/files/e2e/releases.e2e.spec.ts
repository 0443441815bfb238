// tiers: sqlite, services
import { createHash, randomBytes } from 'crypto';
import { load } from 'js-yaml';
import { valid } from 'semver';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, isNewThisWeek, LAUNCH_DATE, RELEASE_TEXTS, type AdminFileView, type FileView, type LibrarySummary, type ReleaseFeed, type ReleasesOverview, type UserPick } from '@solvr/contracts';
import { FileRecord, FILES_MIGRATIONS, SEEDED_RELEASES, seededDigests } from '@solvr/server-files';
import { type ApiApp, createApi, signIn, createAccount, multipart, portOf, rawRequest, type FilePart, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'releases-pass-1';
const ADMIN = 'rel.admin@releases.test';
const WAITER = 'mac.waiter@releases.test';
const OTHER = 'plain.user@releases.test';
/** Outside releases.test: the user picker's searches below find the three above only. */
const WINDOWS_WAITER = 'windows.fan@fans.test';
const [STABLE, BETA] = SEEDED_RELEASES;
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

describe(`releases and the update feed (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let port: number;
  const token: Record<string, string> = {};
  const api = () => request(app.getHttpServer());
  const as = (email: string) => (req: request.Test) => req.set('Authorization', `Bearer ${token[email]}`);
  const fileCount = async (id: string) => Number((await app.get(DataSource).query('SELECT download_count AS n FROM files WHERE id = ?', [id]))[0].n);
  const releaseMails = async (to: string) =>
    Number((await app.get(DataSource).query("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = 'release'", [to]))[0].n);
  /** Runs one of the files migrations again, as on a site that was set up before it. */
  const runMigration = async (name: string) => {
    const migration = FILES_MIGRATIONS.map((M) => new M()).find((m) => m.name === name);
    if (!migration) throw new Error(`no migration ${name}`);
    const q = app.get(DataSource).createQueryRunner();
    await migration.up(q).finally(() => q.release());
  };
  /** The bytes at a path, fetched the way the desktop app does: no session, no cookies. */
  const fetchBytes = async (path: string, headers: Record<string, string> = {}) => rawRequest(port, path, { headers });

  beforeAll(async () => {
    t = await createTestEnv();
    app = await createApi(t.config({ PUBLIC_URL: 'https://downloads.example.test', THROTTLE_PER_IP: '1000' }));
    await app.listen(0, '127.0.0.1');
    port = portOf(app);
    for (const email of [ADMIN, WAITER, OTHER, WINDOWS_WAITER]) {
      await createAccount(app, email, PASSWORD, email === ADMIN ? 'admin' : 'user');
      token[email] = (await signIn(app, email, PASSWORD)).token;
    }
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  function upload(fields: Record<string, string>, part: FilePart) {
    const { body, contentType } = multipart(Object.entries(fields), [part]);
    return as(ADMIN)(api().post('/api/admin/files').set('Content-Type', contentType)).send(body);
  }

  /** The real installers an admin uploads once the fresh site has been looked at (the seeded ones are placeholders). */
  const real = {} as Record<'stable' | 'beta', AdminFileView & { bytes: Buffer }>;
  const comingAnswer = (res: { status: number; body: Buffer }) => [res.status, JSON.parse(res.body.toString()).message];

  it('starts a new site with the two seeded releases: the spec versions and counts, the launch date, and no installer to serve', async () => {
    const { body } = await as(OTHER)(api().get('/api/releases')).expect(200);
    const overview = body as ReleasesOverview;
    expect(overview.releases.map((r) => [r.channel, r.platform, r.name, r.version, r.download_count, r.created_date, r.placeholder])).toEqual([
      ['stable', 'windows', 'Installer', '1.0.20', 1987, LAUNCH_DATE, true],
      ['beta', 'windows', 'Beta', '0.99.0', 14768, LAUNCH_DATE, true],
    ]);
    // The README archive is never served as the installer: not by name, not by the feeds, not as a library download.
    for (const release of overview.releases) {
      expect(release.url).toBe(`/downloads/${release.file_name}`);
      expect(comingAnswer(await fetchBytes(release.url))).toEqual([404, RELEASE_TEXTS.installerNotYet]);
      const download = await as(OTHER)(api().post(`/api/files/${release.id}/download`)).expect(404);
      expect(download.body.message).toBe(RELEASE_TEXTS.installerNotYet);
    }
    for (const path of ['/api/releases/stable/latest.yml', '/api/releases/stable/latest.json', '/api/releases/beta/latest.yml']) {
      expect([path, (await api().get(path).expect(404)).body.message]).toEqual([path, RELEASE_TEXTS.installerNotYet]);
    }
    expect(await fileCount(STABLE.id)).toBe(1987);
    // The library lists them as placeholders, and counts them neither as available nor as new.
    const library = (await as(OTHER)(api().get('/api/files')).expect(200)).body as FileView[];
    expect(library.filter((f) => f.placeholder).map((f) => [f.id, f.created_date])).toEqual([
      [STABLE.id, LAUNCH_DATE],
      [BETA.id, LAUNCH_DATE],
    ]);
    expect((await as(OTHER)(api().get('/api/files/summary')).expect(200)).body).toMatchObject({ total_files: 2, available_files: 0, new_this_week: 0 });
    // Nothing is out for Windows yet: one may ask to be told.
    await as(WINDOWS_WAITER)(api().post('/api/releases/notify')).send({ platform: 'windows' }).expect(204);
    expect((await as(WINDOWS_WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual(['windows']);
  });

  it('as soon as an admin uploads the real installers, the feeds, the /downloads/ names and the library serve them', async () => {
    for (const [channel, name, version, fileName] of [
      ['beta', 'Beta', '1.0.0-beta.1', 'Solvr-Setup-1.0.0-beta.1.zip'],
      ['stable', 'Installer', '1.0.21', 'Solvr-Setup-1.0.21.zip'],
    ] as const) {
      const bytes = randomBytes(4096);
      const res = await upload({ name, version, release_channel: channel, platform: 'windows', release_notes: `${name} ${version}` }, { filename: fileName, content: bytes, type: 'application/zip' });
      expect(res.status).toBe(201);
      real[channel] = { ...(res.body as AdminFileView), bytes };
    }
    const overview = (await as(OTHER)(api().get('/api/releases')).expect(200)).body as ReleasesOverview;
    expect(overview.releases.map((r) => [r.channel, r.version, r.placeholder])).toEqual([
      ['stable', '1.0.21', false],
      ['beta', '1.0.0-beta.1', false],
    ]);
    const feed = load((await api().get('/api/releases/stable/latest.yml').expect(200)).text) as ReleaseFeed;
    expect([feed.version, feed.files[0].sha512]).toEqual(['1.0.21', sha512(real.stable.bytes)]);
    expect((await fetchBytes(overview.releases[0].url)).body).toEqual(real.stable.bytes);
    const link = (await as(WINDOWS_WAITER)(api().post(`/api/files/${real.stable.id}/download`)).expect(200)).body as { url: string };
    expect(link.url).toMatch(/^\/api\/download\?/);
    // The one waiting for Windows is told, once; the placeholders stay what they are.
    expect(await releaseMails(WINDOWS_WAITER)).toBe(1);
    expect((await as(WINDOWS_WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual([]);
    expect(comingAnswer(await fetchBytes(`/downloads/${STABLE.fileName}`))).toEqual([404, RELEASE_TEXTS.installerNotYet]);
  });

  it('serves an installer at /downloads/{name} without a session, counting a download once, not per resumed range', async () => {
    const beta = real.beta;
    const before = await fileCount(beta.id);
    const whole = await fetchBytes(`/downloads/${beta.file_name}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(beta.bytes);
    expect(whole.headers['content-disposition']).toContain(`filename="${beta.file_name}"`);
    expect(await fileCount(beta.id)).toBe(before + 1);

    const rest = await fetchBytes(`/downloads/${beta.file_name}`, { Range: 'bytes=10-' });
    expect(rest.status).toBe(206);
    expect(rest.body).toEqual(whole.body.subarray(10));
    const head = await rawRequest(port, `/downloads/${beta.file_name}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const notModified = await fetchBytes(`/downloads/${beta.file_name}`, { 'If-None-Match': String(whole.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(await fileCount(beta.id)).toBe(before + 1);

    expect((await fetchBytes('/downloads/nothing-here.zip')).status).toBe(404);
    expect((await fetchBytes('/downloads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('publishes an electron-updater feed whose sha512 and size match the bytes at its URL', async () => {
    const res = await api().get('/api/releases/stable/latest.yml').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/yaml/);
    const feed = load(res.text) as ReleaseFeed;
    expect(feed.version).toBe(real.stable.version);
    expect(feed.files).toHaveLength(1);
    const url = new URL(feed.files[0].url);
    expect(url.origin).toBe('https://downloads.example.test');
    expect(feed.path).toBe(feed.files[0].url);
    const bytes = (await fetchBytes(url.pathname)).body;
    expect(feed.files[0].size).toBe(bytes.length);
    expect(feed.files[0].sha512).toBe(sha512(bytes));
    expect(feed.sha512).toBe(sha512(bytes));
    expect(Number.isNaN(Date.parse(feed.releaseDate))).toBe(false);
    expect(feed.releaseNotes).toBe(real.stable.release_notes);

    const json = (await api().get('/api/releases/stable/latest.json').expect(200)).body as ReleaseFeed;
    expect(json).toEqual(feed);
    // A beta install also takes a newer stable version (semver: 1.0.21 comes after 1.0.0-beta.1), as electron-builder's channels do.
    expect((load((await api().get('/api/releases/beta/latest.yml').expect(200)).text) as ReleaseFeed).version).toBe(real.stable.version);

    for (const path of ['/api/releases/stable/latest-mac.yml', '/api/releases/nightly/latest.yml', '/api/releases/stable/latest.json?platform=amiga', '/api/releases/stable/other.yml']) {
      const missing = await api().get(path).expect(404);
      expect(missing.body.message).toBe(RELEASE_TEXTS.notFound);
    }
  });

  it('publishes in every feed a version electron-updater accepts (semver valid)', async () => {
    for (const channel of ['stable', 'beta']) {
      const feed = load((await api().get(`/api/releases/${channel}/latest.yml`).expect(200)).text) as ReleaseFeed;
      expect([channel, valid(feed.version)]).toEqual([channel, feed.version]);
    }
  });

  it("refuses a release whose version is not semantic, with the shared text, and keeps nothing of it", async () => {
    const before = (await as(ADMIN)(api().get('/api/admin/files')).expect(200)).body.length;
    for (const version of ['0.99', '', '1.2', 'v1.2.3.4', 'x'.repeat(50)]) {
      const res = await upload({ name: 'Installer', version, release_channel: 'beta' }, { filename: 'Solvr-Setup-next.zip', content: randomBytes(64), type: 'application/zip' });
      expect([version, res.status, res.body.message, res.body.errors]).toEqual([version, 400, RELEASE_TEXTS.badVersion, { version: RELEASE_TEXTS.badVersion }]);
    }
    expect((await as(ADMIN)(api().get('/api/admin/files')).expect(200)).body.length).toBe(before);
  });

  it('fixes the beta a site was seeded with as version 0.99, and no other row', async () => {
    const ds = app.get(DataSource);
    const runFix = () => runMigration('SeededBetaVersion1763700000012');
    const rowOf = async (id: string) =>
      (await ds.query('SELECT version, storage_key, file_size, sha256, sha512, file_name FROM files WHERE id = ?', [id]))[0] as Record<string, unknown>;
    const seeded = await rowOf(BETA.id);
    const mine = await upload({ name: 'Notes', version: '0.99' }, { filename: 'notes-0.99.txt', content: randomBytes(32), type: 'text/plain' });
    expect(mine.status).toBe(201);

    // A site seeded before: the beta as Releases1763700000011 wrote it then (its bytes named v0.99).
    await ds.query('UPDATE files SET version = ?, storage_key = ?, file_size = ?, sha256 = ?, sha512 = ? WHERE id = ?', ['0.99', 'releases/seed-beta-0.99.zip', 227, 'old', 'old', BETA.id]);
    await runFix();
    expect(await rowOf(BETA.id)).toEqual(seeded);
    expect(seeded).toMatchObject({ version: '0.99.0', storage_key: BETA.storageKey, sha256: seededDigests(BETA).sha256 });
    expect((await rowOf(mine.body.id)).version).toBe('0.99');
    // Still the placeholder it was seeded as: listed, never served.
    expect(comingAnswer(await fetchBytes(`/downloads/${BETA.fileName}`))).toEqual([404, RELEASE_TEXTS.installerNotYet]);

    // A seeded row that is no longer as seeded is left alone.
    await ds.query('UPDATE files SET version = ?, storage_key = ? WHERE id = ?', ['0.99', 'files/replaced', BETA.id]);
    await runFix();
    expect(await rowOf(BETA.id)).toMatchObject({ version: '0.99', storage_key: 'files/replaced' });
    await ds.query('UPDATE files SET version = ?, storage_key = ? WHERE id = ?', [BETA.version, BETA.storageKey, BETA.id]);
  });

  it('dates the seeded releases at the launch, whenever the seed ran; an edited one keeps its last change, and no other row moves', async () => {
    const ds = app.get(DataSource);
    const runDating = () => runMigration('SeededLaunchDate1763700000013');
    const datesOf = async (id: string) => {
      const row = await ds.getRepository(FileRecord).findOneByOrFail({ id });
      return [row.createdDate.toISOString(), row.updatedDate.toISOString()];
    };
    const seededAt = '2026-01-02 03:04:05.678';
    const editedAt = '2026-02-03 04:05:06.789';
    const uploaded = await datesOf(real.beta.id);
    // A site seeded before: the seed's own time on both rows; the beta since edited by an admin.
    await ds.query('UPDATE files SET created_date = ?, updated_date = ? WHERE id IN (?, ?)', [seededAt, seededAt, STABLE.id, BETA.id]);
    await ds.query('UPDATE files SET updated_date = ? WHERE id = ?', [editedAt, BETA.id]);
    await runDating();
    expect(await datesOf(STABLE.id)).toEqual([LAUNCH_DATE, LAUNCH_DATE]);
    expect(await datesOf(BETA.id)).toEqual([LAUNCH_DATE, '2026-02-03T04:05:06.789Z']);
    expect(await datesOf(real.beta.id)).toEqual(uploaded);
    await ds.query('UPDATE files SET updated_date = ? WHERE id = ?', [LAUNCH_DATE.replace('T', ' ').replace('Z', ''), BETA.id]);
  });

  it('makes an uploaded installer the latest release, with its notes in the feed; a release must be free and for all users', async () => {
    const content = randomBytes(200 * 1024);
    const refused = await upload({ name: 'Installer', version: '1.1.0', release_channel: 'stable', is_paid: 'true', price: '5' }, { filename: 'Solvr-Setup-1.1.0.zip', content, type: 'application/zip' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(RELEASE_TEXTS.mustBePublic);
    const specific = await upload(
      { name: 'Installer', version: '1.1.0', release_channel: 'stable', access_type: 'specific_users', allowed_users: JSON.stringify([OTHER]) },
      { filename: 'Solvr-Setup-1.1.0.zip', content, type: 'application/zip' },
    );
    expect(specific.body.message).toBe(RELEASE_TEXTS.mustBePublic);

    const res = await upload(
      { name: 'Installer', version: '1.1.0', release_channel: 'stable', platform: 'windows', release_notes: 'Faster overlay.\nFixes.' },
      { filename: 'Solvr-Setup-1.1.0.zip', content, type: 'application/zip' },
    );
    expect(res.status).toBe(201);
    const created = res.body as AdminFileView;
    expect([created.release_channel, created.platform, created.release_notes]).toEqual(['stable', 'windows', 'Faster overlay.\nFixes.']);

    const feed = load((await api().get('/api/releases/stable/latest.yml').expect(200)).text) as ReleaseFeed;
    expect([feed.version, feed.files[0].size, feed.files[0].sha512, feed.releaseNotes]).toEqual(['1.1.0', content.length, sha512(content), 'Faster overlay.\nFixes.']);
    expect((await fetchBytes(new URL(feed.files[0].url).pathname)).body).toEqual(content);
    const { body } = await as(OTHER)(api().get('/api/releases')).expect(200);
    expect((body as ReleasesOverview).releases[0]).toMatchObject({ id: created.id, version: '1.1.0', file_size: content.length });

    // Deactivated, it leaves the feed and its URL; the previous release is the latest again.
    await as(ADMIN)(api().patch(`/api/admin/files/${created.id}`)).send({ is_active: false }).expect(200);
    expect((load((await api().get('/api/releases/stable/latest.yml')).text) as ReleaseFeed).version).toBe(real.stable.version);
    expect((await fetchBytes('/downloads/Solvr-Setup-1.1.0.zip')).status).toBe(404);
    // And with every uploaded one deactivated, the placeholder is the latest again: no update, the installer is coming.
    await as(ADMIN)(api().patch(`/api/admin/files/${real.stable.id}`)).send({ is_active: false }).expect(200);
    expect((await api().get('/api/releases/stable/latest.yml').expect(404)).body.message).toBe(RELEASE_TEXTS.installerNotYet);
    expect(((await as(OTHER)(api().get('/api/releases')).expect(200)).body as ReleasesOverview).releases[0]).toMatchObject({ id: STABLE.id, placeholder: true });
    await as(ADMIN)(api().patch(`/api/admin/files/${real.stable.id}`)).send({ is_active: true }).expect(200);
  });

  it('never serves a file that is not a release by its name', async () => {
    const res = await upload({ name: 'Secret', access_type: 'specific_users', allowed_users: JSON.stringify([OTHER]) }, { filename: 'secret-notes.pdf', content: randomBytes(64), type: 'application/pdf' });
    expect(res.status).toBe(201);
    const missing = await fetchBytes('/downloads/secret-notes.pdf');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).message).toBe(FILE_TEXTS.notFound);
  });

  it('tells everyone waiting for a platform exactly once, when its first release is published', async () => {
    await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'macos' }).expect(204);
    await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'macos' }).expect(204);
    await as(OTHER)(api().post('/api/releases/notify')).send({ platform: 'macos' }).expect(204);
    await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'linux' }).expect(204);
    expect((await as(WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual(['macos', 'linux']);
    const outNow = await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'windows' }).expect(409);
    expect(outNow.body.message).toMatch(/Windows version is out already/);
    expect((await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'amiga' }).expect(400)).body.message).toBe(RELEASE_TEXTS.badPlatform);

    const mac = { filename: 'Solvr-1.2.0.dmg', content: randomBytes(1024), type: 'application/x-apple-diskimage' };
    expect((await upload({ name: 'Installer', version: '1.2.0', release_channel: 'beta', platform: 'macos', release_notes: 'First Mac build.' }, mac)).status).toBe(201);
    expect(await releaseMails(WAITER)).toBe(1);
    expect(await releaseMails(OTHER)).toBe(1);
    const [mail] = await app.get(DataSource).query("SELECT subject, text_body FROM mail_outbox WHERE to_address = ? AND kind = 'release'", [WAITER]);
    expect(mail.subject).toBe('Solvr for macOS is here');
    expect(mail.text_body).toContain('version 1.2.0 is out');
    expect(mail.text_body).toContain('https://downloads.example.test/SolvrDownload');
    expect(mail.text_body).toContain('First Mac build.');

    // A second release for the platform, or the same one re-activated, sends nothing more.
    const second = await upload({ name: 'Installer', version: '1.2.1', release_channel: 'stable', platform: 'macos' }, { ...mac, filename: 'Solvr-1.2.1.dmg' });
    await as(ADMIN)(api().patch(`/api/admin/files/${second.body.id}`)).send({ is_active: false }).expect(200);
    await as(ADMIN)(api().patch(`/api/admin/files/${second.body.id}`)).send({ is_active: true }).expect(200);
    expect(await releaseMails(WAITER)).toBe(1);
    expect(await releaseMails(OTHER)).toBe(1);
    expect((await as(WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual(['linux']);
    expect(await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'macos' }).then((r) => r.status)).toBe(409);
  });

  it('sums up the library for the caller: visible, available, own downloads, new this week, most popular', async () => {
    await upload({ name: 'Paid Pack', is_paid: 'true', price: '5' }, { filename: 'pack.pdf', content: Buffer.from('%PDF-1.4 pack'), type: 'application/pdf' }).expect(201);
    const summary = (await as(OTHER)(api().get('/api/files/summary')).expect(200)).body as LibrarySummary;
    const files = (await as(OTHER)(api().get('/api/files')).expect(200)).body as FileView[];
    expect(summary.total_files).toBe(files.length);
    // New This Week counts what the caller can download, like Available Files: never more than it. The seeded
    // placeholders are neither (nothing to download, and dated at the launch).
    expect(files.some((f) => f.availability !== 'download')).toBe(true);
    expect(summary.available_files).toBe(files.filter((f) => f.availability === 'download' && !f.placeholder).length);
    expect(summary.new_this_week).toBe(files.filter((f) => f.availability === 'download' && !f.placeholder && isNewThisWeek(f.created_date)).length);
    expect(summary.new_this_week).toBe(summary.available_files);
    expect(summary.most_popular).toMatchObject({ name: 'Beta', download_count: await fileCount(BETA.id) });
    expect(summary.your_downloads).toBe(0);
    await as(OTHER)(api().post(`/api/files/${real.beta.id}/download`)).expect(200);
    expect((await as(OTHER)(api().get('/api/files/summary')).expect(200)).body.your_downloads).toBe(1);
    await api().get('/api/files/summary').expect(401);
  });

  it('finds users for the picker by e-mail or name, for admins only, with LIKE wildcards taken literally', async () => {
    const found = (await as(ADMIN)(api().get('/api/admin/users/pick').query({ q: 'WAITER' })).expect(200)).body as UserPick[];
    expect(found.map((u) => u.email)).toEqual([WAITER]);
    expect((await as(ADMIN)(api().get('/api/admin/users/pick').query({ q: '%' })).expect(200)).body).toEqual([]);
    expect((await as(ADMIN)(api().get('/api/admin/users/pick').query({ q: '_' })).expect(200)).body).toEqual([]);
    expect(((await as(ADMIN)(api().get('/api/admin/users/pick').query({ q: '@releases.test' })).expect(200)).body as UserPick[]).length).toBe(3);
    await as(OTHER)(api().get('/api/admin/users/pick').query({ q: 'a' })).expect(403);
  });
});
