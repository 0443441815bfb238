// tiers: sqlite, services
import { createHash, randomBytes } from 'crypto';
import { load } from 'js-yaml';
import { valid } from 'semver';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, isNewThisWeek, LAUNCH_DATE, RELEASE_TEXTS, type LibraryPage, type LibrarySummary, type PublishedRelease, type ReleaseFeed, type ReleasesOverview, type ReleaseVersionView, type UserPick } from '@solvr/contracts';
import { SEEDED_RELEASES } from '@solvr/server-releases';
import { type ApiApp, createApi, signIn, createAccount, multipart, portOf, rawRequest, type FilePart, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'releases-pass-1';
const ADMIN = 'rel.admin@releases.test';
const WAITER = 'mac.waiter@releases.test';
const OTHER = 'plain.user@releases.test';
/** Outside releases.test: the user picker's searches below find the three above only. */
const WINDOWS_WAITER = 'windows.fan@fans.test';
const [STABLE] = SEEDED_RELEASES;
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

describe(`releases and the update feed (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let port: number;
  const token: Record<string, string> = {};
  const api = () => request(app.getHttpServer());
  const as = (email: string) => (req: request.Test) => req.set('Authorization', `Bearer ${token[email]}`);
  const fileCount = async (id: string) => Number((await app.get(DataSource).query('SELECT download_count AS n FROM release_files WHERE id = ?', [id]))[0].n);
  const releaseMails = async (to: string) =>
    Number((await app.get(DataSource).query("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = 'release'", [to]))[0].n);
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

  /** A publish from the admin console (the same call a CI job makes with a deploy token). */
  function publish(fields: Record<string, string>, parts: FilePart[]) {
    const { body, contentType } = multipart(Object.entries(fields), parts);
    return as(ADMIN)(api().post('/api/releases/publish').set('Content-Type', contentType)).send(body);
  }
  const versionRow = async (channel: string, version: string) =>
    ((await as(ADMIN)(api().get('/api/admin/releases')).expect(200)).body as ReleaseVersionView[]).find((v) => v.channel === channel && v.version === version) as ReleaseVersionView;
  const change = async (channel: string, version: string, body: object) => as(ADMIN)(api().patch(`/api/admin/releases/${(await versionRow(channel, version)).id}`)).send(body).expect(200);

  /** The real installers an admin publishes once the fresh site has been looked at (the seeded ones are placeholders). */
  const real = {} as Record<'stable' | 'beta', { id: string; file_name: string; version: string; notes: string; bytes: Buffer }>;
  const comingAnswer = (res: { status: number; body: Buffer }) => [res.status, JSON.parse(res.body.toString()).message];
  const library = async (email = OTHER) => ((await as(email)(api().get('/api/files?limit=100')).expect(200)).body as LibraryPage).files;

  it('starts a new site with the two seeded releases: the spec versions and counts, the launch date, and no installer to serve', async () => {
    const { body } = await as(OTHER)(api().get('/api/releases')).expect(200);
    const overview = body as ReleasesOverview;
    expect(overview.releases.map((r) => [r.channel, r.platform, r.name, r.version, r.download_count, r.created_date, r.placeholder])).toEqual([
      ['stable', 'windows', 'Installer', '1.0.20', 1987, LAUNCH_DATE, true],
      ['beta', 'windows', 'Beta', '0.99.0', 14768, LAUNCH_DATE, true],
    ]);
    // The README archive is never served as the installer: not by name, not by the feeds, not from the library.
    for (const release of overview.releases) {
      expect(release.url).toBe(`/downloads/${release.file_name}`);
      expect(comingAnswer(await fetchBytes(release.url))).toEqual([404, RELEASE_TEXTS.installerNotYet]);
      await as(OTHER)(api().post(`/api/files/${release.id}/download`)).expect(404);
    }
    for (const path of ['/api/releases/stable/latest.yml', '/api/releases/stable/latest.json', '/api/releases/beta/latest.yml']) {
      expect([path, (await api().get(path).expect(404)).body.message]).toEqual([path, RELEASE_TEXTS.installerNotYet]);
    }
    expect(await fileCount(STABLE.id)).toBe(1987);
    // Releases are not library files: the library and its figures hold only what a user can download there.
    expect(await library()).toEqual([]);
    expect((await as(OTHER)(api().get('/api/files/summary')).expect(200)).body).toMatchObject({ total_files: 0, available_files: 0, new_this_week: 0, most_popular: null });
    // Nothing is out for Windows yet: one may ask to be told.
    await as(WINDOWS_WAITER)(api().post('/api/releases/notify')).send({ platform: 'windows' }).expect(204);
    expect((await as(WINDOWS_WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual(['windows']);
  });

  it('as soon as an admin publishes the real installers, the feeds and the /downloads/ names serve them and the placeholders retire', async () => {
    for (const [channel, version, fileName] of [
      ['beta', '1.0.0-beta.1', 'Solvr-Setup-1.0.0-beta.1.exe'],
      ['stable', '1.0.21', 'Solvr-Setup-1.0.21.exe'],
    ] as const) {
      const bytes = randomBytes(4096);
      const notes = `Version ${version}\r\nWith fixes.`;
      const res = await publish({ version, channel, notes }, [{ filename: fileName, content: bytes, type: 'application/octet-stream' }]);
      expect(res.status).toBe(201);
      const published = res.body as PublishedRelease;
      expect([published.state, published.files.map((f) => [f.file_name, f.platform, f.arch, f.size])]).toEqual(['published', [[fileName, 'windows', 'x64', 4096]]]);
      real[channel] = { id: published.files[0].id, file_name: fileName, version, notes: notes.replace('\r\n', '\n'), bytes };
    }
    const overview = (await as(OTHER)(api().get('/api/releases')).expect(200)).body as ReleasesOverview;
    expect(overview.releases.map((r) => [r.channel, r.name, r.version, r.placeholder, r.release_notes])).toEqual([
      ['stable', 'Solvr', '1.0.21', false, real.stable.notes],
      ['beta', 'Solvr', '1.0.0-beta.1', false, real.beta.notes],
    ]);
    const feed = load((await api().get('/api/releases/stable/latest.yml').expect(200)).text) as ReleaseFeed;
    expect([feed.version, feed.files[0].sha512]).toEqual(['1.0.21', sha512(real.stable.bytes)]);
    expect((await fetchBytes(overview.releases[0].url)).body).toEqual(real.stable.bytes);
    // Still no library file: the desktop app is the download page's.
    expect(await library()).toEqual([]);
    await as(OTHER)(api().post(`/api/files/${real.stable.id}/download`)).expect(404);
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

  it('publishes an electron-updater feed whose sha512 and size match the bytes at its URL, with the notes in one line ending', async () => {
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
    // Notes reach apps as sanitised HTML, as electron-updater's GitHub provider gives them.
    expect(feed.releaseNotes).toBe(`<p>Version ${real.stable.version}<br />\nWith fixes.</p>`);
    expect(res.text).not.toContain('\r');

    const json = (await api().get('/api/releases/stable/latest.json').expect(200)).body as ReleaseFeed;
    expect(json).toEqual(feed);
    // A beta install also takes a newer stable version (semver: 1.0.21 comes after 1.0.0-beta.1), as electron-builder's channels do.
    expect((load((await api().get('/api/releases/beta/latest.yml').expect(200)).text) as ReleaseFeed).version).toBe(real.stable.version);

    for (const path of ['/api/releases/stable/latest-mac.yml', '/api/releases/nightly/latest.yml', '/api/releases/stable/latest.json?platform=amiga', '/api/releases/stable/other.yml']) {
      const missing = await api().get(path).expect(404);
      expect(missing.body.message).toBe(RELEASE_TEXTS.notFound);
    }
    for (const channel of ['stable', 'beta']) {
      const offered = load((await api().get(`/api/releases/${channel}/latest.yml`).expect(200)).text) as ReleaseFeed;
      expect([channel, valid(offered.version)]).toEqual([channel, offered.version]);
    }
  });

  it('refuses a publish whose version is not semantic or that is sent by no admin, and keeps nothing of it', async () => {
    const count = async () => Number((await app.get(DataSource).query('SELECT COUNT(*) AS n FROM release_files'))[0].n);
    const before = await count();
    for (const version of ['0.99', '', '1.2', 'v1.2.3.4', 'x'.repeat(50)]) {
      const res = await publish({ version, channel: 'beta' }, [{ filename: 'Solvr-Setup-next.exe', content: randomBytes(64) }]);
      expect([version, res.status, res.body.message]).toEqual([version, 400, RELEASE_TEXTS.badVersion]);
    }
    const { body, contentType } = multipart([['version', '9.9.9']], [{ filename: 'Solvr-Setup-9.9.9.exe', content: randomBytes(64) }]);
    expect((await as(OTHER)(api().post('/api/releases/publish').set('Content-Type', contentType)).send(body)).status).toBe(403);
    expect((await api().post('/api/releases/publish').set('Content-Type', contentType).send(body)).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('keeps a draft and a pulled version from everyone but admins, on every path, from the moment of the pull', async () => {
    const draftBytes = randomBytes(8192);
    const res = await publish({ version: '1.2.1', channel: 'stable', draft: 'true', notes: 'Not yet.' }, [{ filename: 'Solvr-Setup-1.2.1.exe', content: draftBytes }]);
    expect([res.status, res.body.state]).toEqual([201, 'draft']);
    const draftId = (res.body as PublishedRelease).files[0].id;
    const refusedEverywhere = async (fileName: string, id: string) => {
      expect((await fetchBytes(`/downloads/${fileName}`)).status).toBe(404);
      expect((await fetchBytes(`/downloads/${fileName}`, { Range: 'bytes=100-' })).status).toBe(404);
      await as(OTHER)(api().post(`/api/files/${id}/download`)).expect(404);
      await as(OTHER)(api().get(`/api/apps/portal/entities/File/${id}`)).expect(404);
      await as(OTHER)(api().get(`/api/admin/releases/files/${id}`)).expect(403);
      expect((load((await api().get('/api/releases/stable/latest.yml').expect(200)).text) as ReleaseFeed).version).toBe(real.stable.version);
      const overview = (await as(OTHER)(api().get('/api/releases')).expect(200)).body as ReleasesOverview;
      expect(overview.releases.find((r) => r.channel === 'stable')?.version).toBe(real.stable.version);
      expect(((await api().get('/api/releases/history').expect(200)).body as ReleaseVersionView[]).map((v) => v.version)).not.toContain('1.2.1');
    };
    await refusedEverywhere('Solvr-Setup-1.2.1.exe', draftId);
    // The admin tries the draft from the console before publishing it.
    expect((await as(ADMIN)(api().get(`/api/admin/releases/files/${draftId}`)).expect(200)).body).toEqual(draftBytes);

    await change('stable', '1.2.1', { state: 'published' });
    expect((await fetchBytes('/downloads/Solvr-Setup-1.2.1.exe')).body).toEqual(draftBytes);
    expect((load((await api().get('/api/releases/stable/latest.yml').expect(200)).text) as ReleaseFeed).version).toBe('1.2.1');

    // A download under way when the version is pulled: its next range is refused.
    const first = await fetchBytes('/downloads/Solvr-Setup-1.2.1.exe', { Range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    await change('stable', '1.2.1', { state: 'pulled' });
    await refusedEverywhere('Solvr-Setup-1.2.1.exe', draftId);
    expect((await as(ADMIN)(api().get(`/api/admin/releases/files/${draftId}`)).expect(200)).body).toEqual(draftBytes);
    await change('stable', '1.2.1', { state: 'published' });
    await change('stable', '1.2.1', { state: 'pulled' });
  });

  it('offers a staged version to the updaters inside its percentage only; the download page keeps the fully rolled-out one', async () => {
    const staged = randomBytes(2048);
    expect((await publish({ version: '1.3.0', channel: 'stable' }, [{ filename: 'Solvr-Setup-1.3.0.exe', content: staged }])).status).toBe(201);
    await change('stable', '1.3.0', { rollout_percentage: 10 });
    const inside = '00000000-0000-4000-8000-000000000001';
    const outside = '00000000-0000-4000-8000-0000fffffff0';
    const offered = async (path: string, stagingId: string) => {
      const res = await api().get(path).set('x-user-staging-id', stagingId).expect(200);
      expect(res.headers.vary).toContain('x-user-staging-id');
      return (path.endsWith('.json') ? res.body : load(res.text)) as ReleaseFeed;
    };
    for (const path of ['/api/releases/stable/latest.yml', '/api/releases/stable/latest.json', '/api/updates/latest.yml']) {
      expect([path, (await offered(path, inside)).version, (await offered(path, outside)).version]).toEqual([path, '1.3.0', real.stable.version]);
    }
    const overview = (await as(OTHER)(api().get('/api/releases')).expect(200)).body as ReleasesOverview;
    expect(overview.releases.find((r) => r.channel === 'stable')?.version).toBe(real.stable.version);
    // Its URL is in the feed of the installs inside the rollout, so it is served by name.
    expect((await fetchBytes('/downloads/Solvr-Setup-1.3.0.exe')).body).toEqual(staged);
    await change('stable', '1.3.0', { state: 'pulled' });
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

    // A draft tells no one; its publication does.
    const mac = { filename: 'Solvr-1.2.0.dmg', content: randomBytes(1024), type: 'application/x-apple-diskimage' };
    expect((await publish({ version: '1.2.0', channel: 'beta', notes: 'First Mac build.', draft: 'true' }, [mac])).status).toBe(201);
    expect(await releaseMails(WAITER)).toBe(0);
    await change('beta', '1.2.0', { state: 'published' });
    expect(await releaseMails(WAITER)).toBe(1);
    expect(await releaseMails(OTHER)).toBe(1);
    const [mail] = await app.get(DataSource).query("SELECT subject, text_body FROM mail_outbox WHERE to_address = ? AND kind = 'release'", [WAITER]);
    expect(mail.subject).toBe('Solvr for macOS is here');
    expect(mail.text_body).toContain('version 1.2.0 is out');
    expect(mail.text_body).toContain('https://downloads.example.test/SolvrDownload');
    expect(mail.text_body).toContain('First Mac build.');

    // A second release for the platform, or the same one pulled and published again, sends nothing more.
    expect((await publish({ version: '1.2.1', channel: 'beta' }, [{ ...mac, filename: 'Solvr-1.2.1.dmg' }])).status).toBe(201);
    await change('beta', '1.2.1', { state: 'pulled' });
    await change('beta', '1.2.1', { state: 'published' });
    expect(await releaseMails(WAITER)).toBe(1);
    expect(await releaseMails(OTHER)).toBe(1);
    expect((await as(WAITER)(api().get('/api/releases')).expect(200)).body.waiting).toEqual(['linux']);
    expect(await as(WAITER)(api().post('/api/releases/notify')).send({ platform: 'macos' }).then((r) => r.status)).toBe(409);
  });

  it("gives AppImageUpdater the AppImage's blockMapSize in latest-linux.yml, and refuses a malformed block_map_sizes", async () => {
    const appImage = { filename: 'Solvr-1.4.0.AppImage', content: randomBytes(4096) };
    const bad = await publish({ version: '1.4.0', channel: 'stable', block_map_sizes: '{"Solvr-1.4.0.AppImage":-1}' }, [appImage]);
    expect([bad.status, bad.body.message]).toEqual([400, RELEASE_TEXTS.badBlockMapSizes]);
    expect((await publish({ version: '1.4.0', channel: 'stable', block_map_sizes: JSON.stringify({ 'Solvr-1.4.0.AppImage': 1234 }) }, [appImage])).status).toBe(201);
    const feed = load((await api().get('/api/updates/latest-linux.yml').expect(200)).text) as ReleaseFeed;
    expect(feed.files).toEqual([{ url: 'https://downloads.example.test/downloads/Solvr-1.4.0.AppImage', sha512: sha512(appImage.content), size: 4096, blockMapSize: 1234 }]);
  });

  it('sums up the library for the caller: visible, available, own downloads, new this week, most popular; releases are none of them', async () => {
    await upload({ name: 'Paid Pack', is_paid: 'true', price: '5' }, { filename: 'pack.pdf', content: Buffer.from('%PDF-1.4 pack'), type: 'application/pdf' }).expect(201);
    const guide = await upload({ name: 'Guide' }, { filename: 'guide.pdf', content: Buffer.from('%PDF-1.4 guide'), type: 'application/pdf' }).expect(201);
    const summary = (await as(OTHER)(api().get('/api/files/summary')).expect(200)).body as LibrarySummary;
    const files = await library();
    expect(summary.total_files).toBe(files.length);
    expect(files.some((f) => f.availability !== 'download')).toBe(true);
    expect(summary.available_files).toBe(files.filter((f) => f.availability === 'download').length);
    expect(summary.new_this_week).toBe(files.filter((f) => f.availability === 'download' && isNewThisWeek(f.created_date)).length);
    expect(summary.new_this_week).toBe(summary.available_files);
    expect(summary.your_downloads).toBe(0);
    await as(OTHER)(api().post(`/api/files/${guide.body.id}/download`)).expect(200);
    const after = (await as(OTHER)(api().get('/api/files/summary')).expect(200)).body as LibrarySummary;
    expect([after.your_downloads, after.most_popular?.name]).toEqual([1, 'Guide']);
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
