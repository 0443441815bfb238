// tiers: sqlite, services
import { createHash } from 'crypto';
import { execFile } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import request from 'supertest';
import { RELEASE_TEXTS, stagingPoint, type DeployTokenCreated, type PublishedRelease, type ReleaseActivity, type ReleaseVersionView } from '@solvr/contracts';
import {
  checkForUpdate,
  createBlockMap,
  createTestEnv,
  downloadUpdate,
  listeningApiWithAdmin,
  multipart,
  TIER,
  type ApiApp,
  type FilePart,
  type TestEnv,
  type UpdaterRun,
} from '@solvr/server-testing';

const ADMIN = 'ship.admin@updates.test';
const PASSWORD = 'updates-pass-1';
const SIZE = 2 * 1024 * 1024;
// Staging ids at the two ends of the rollout range (their last four bytes), as electron-updater keeps them.
const EARLY_INSTALL = '1b4e28ba-2fa1-41d2-883f-0e1d00000001';
const LATE_INSTALL = '1b4e28ba-2fa1-41d2-883f-0e1dfffffff0';
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

/** Pseudo-random bytes for a seed: an installer whose later version differs in a few places only. */
function installer(seed: string, patches: number[] = []): Buffer {
  const out = Buffer.alloc(SIZE);
  let block = createHash('sha512').update('solvr-installer').digest();
  for (let offset = 0; offset < SIZE; offset += block.length) {
    block = createHash('sha512').update(block).digest();
    block.copy(out, offset);
  }
  for (const p of patches) createHash('sha512').update(`${seed}:${p}`).digest().copy(out, p);
  return out;
}

describe(`desktop update server (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let base: string;
  let adminToken: string;
  let deploy: DeployTokenCreated;
  const dir = mkdtempSync(join(tmpdir(), 'solvr-updates-'));
  const api = () => request(app.getHttpServer());
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${adminToken}`);
  let cacheCount = 0;
  const run = (r: Omit<UpdaterRun, 'feedUrl' | 'cacheDir'>): UpdaterRun => ({ feedUrl: `${base}/api/updates`, cacheDir: join(dir, `cache-${cacheCount++}`), ...r });

  /** A CI job's publish: fields, then files from disk. */
  function publish(token: string, fields: Record<string, string>, files: string[]) {
    const parts: FilePart[] = files.map((f) => ({ filename: f.split('/').pop() as string, content: readFileSync(f), type: 'application/octet-stream' }));
    const { body, contentType } = multipart(Object.entries(fields), parts);
    return api().post('/api/releases/publish').set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
  }
  const versions = async () => (await admin(api().get('/api/admin/releases')).expect(200)).body as ReleaseVersionView[];
  const versionId = async (channel: string, version: string) => (await versions()).find((v) => v.channel === channel && v.version === version)?.id as string;

  const file = (name: string, bytes: Buffer) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };
  const win100 = file('Solvr-Setup-1.0.0.exe', installer('1.0.0'));
  const win101 = file('Solvr-Setup-1.0.1.exe', installer('1.0.1', [100_000, 1_500_000]));

  beforeAll(async () => {
    t = await createTestEnv();
    ({ app, base, adminToken } = await listeningApiWithAdmin(t, { email: ADMIN, password: PASSWORD }));
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a deploy token shown once and kept hashed; CI publishes a version with it in one call', async () => {
    deploy = (await admin(api().post('/api/admin/deploy-tokens')).send({ name: 'GitHub Actions' }).expect(201)).body;
    expect(deploy.token).toMatch(/^solvr_deploy_[\w-]{40,}$/);
    const listed = (await admin(api().get('/api/admin/deploy-tokens')).expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id: deploy.id, name: 'GitHub Actions', revoked_date: null })]);
    expect(JSON.stringify(listed)).not.toContain(deploy.token);

    const mac = file('Solvr-1.0.0-universal-mac.zip', installer('mac'));
    const linux = file('Solvr-1.0.0.AppImage', installer('linux'));
    const linuxArm = file('Solvr-1.0.0-arm64.AppImage', installer('linux-arm'));
    await createBlockMap(win100);
    const res = await publish(deploy.token, { version: '1.0.0', channel: 'stable', notes: 'First real release.' }, [win100, `${win100}.blockmap`, mac, linux, linuxArm]).expect(201);
    const published = res.body as PublishedRelease;
    expect(published).toMatchObject({ channel: 'stable', version: '1.0.0', state: 'published' });
    expect(published.files.map((f) => [f.file_name, f.platform, f.arch])).toEqual([
      ['Solvr-Setup-1.0.0.exe', 'windows', 'x64'],
      ['Solvr-Setup-1.0.0.exe.blockmap', 'windows', 'x64'],
      ['Solvr-1.0.0-universal-mac.zip', 'macos', 'universal'],
      ['Solvr-1.0.0.AppImage', 'linux', 'x64'],
      ['Solvr-1.0.0-arm64.AppImage', 'linux', 'arm64'],
    ]);
    expect(published.files[0].sha512).toBe(sha512(readFileSync(win100)));

    const audit = (await admin(api().get('/api/admin/audit')).expect(200)).body.entries as { action: string; actor_email: string; target_label: string }[];
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'release.publish', actor_email: 'deploy token "GitHub Actions"', target_label: 'stable 1.0.0' })]));
  });

  it('lets the real electron-updater find, download and verify it on Windows, macOS and Linux (x64 and arm64)', async () => {
    const downloaded = await downloadUpdate(run({ platform: 'windows', currentVersion: '0.9.0' }));
    expect(downloaded.version).toBe('1.0.0');
    expect(sha512(readFileSync(downloaded.file))).toBe(sha512(readFileSync(win100)));
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: false });

    await expect(checkForUpdate(run({ platform: 'macos', arch: 'arm64', currentVersion: '0.9.0' }))).resolves.toMatchObject({ updateAvailable: true, version: '1.0.0' });
    const arm = await downloadUpdate(run({ platform: 'linux', arch: 'arm64', currentVersion: '0.9.0' }));
    expect(arm.file).toMatch(/Solvr-1\.0\.0-arm64\.AppImage$/);
    const x64 = await downloadUpdate(run({ platform: 'linux', arch: 'x64', currentVersion: '0.9.0' }));
    expect(x64.file).toMatch(/Solvr-1\.0\.0\.AppImage$/);

    // The per-channel URL of the first feed answers the same version.
    expect((await api().get('/api/releases/stable/latest.yml').expect(200)).text).toContain('version: 1.0.0');
  });

  it('serves a beta channel on the same URL: beta installs take it, stable ones do not', async () => {
    const beta = file('Solvr-Setup-1.1.0-beta.1.exe', installer('beta'));
    await publish(deploy.token, { version: '1.1.0-beta.1', channel: 'beta', notes: 'Try the new editor.' }, [beta]).expect(201);
    await expect(checkForUpdate(run({ platform: 'windows', channel: 'beta', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: true, version: '1.1.0-beta.1' });
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: false, version: '1.0.0' });
  });

  it('downloads only the changed blocks of a new version from its block maps (multipart byte ranges)', async () => {
    await createBlockMap(win101);
    await publish(deploy.token, { version: '1.0.1', channel: 'stable' }, [win101, `${win101}.blockmap`]).expect(201);
    const downloaded = await downloadUpdate(run({ platform: 'windows', currentVersion: '1.0.0', installedFile: win100 }));
    expect(downloaded).toMatchObject({ version: '1.0.1', differential: true });
    expect(sha512(readFileSync(downloaded.file))).toBe(sha512(readFileSync(win101)));
    expect(downloaded.bytesFetched).toBeLessThan(SIZE / 4);
    expect(downloaded.fetches.some((f) => f.range && f.range.includes(','))).toBe(true);
  });

  it('stages a version: installs inside the percentage get it, the others keep the version before; pausing stops it', async () => {
    expect(stagingPoint(EARLY_INSTALL)).toBeLessThan(1);
    expect(stagingPoint(LATE_INSTALL)).toBeGreaterThan(99);
    const id = await versionId('stable', '1.0.1');
    await admin(api().patch(`/api/admin/releases/${id}`)).send({ rollout_percentage: 10 }).expect(200);
    const staged = await api().get('/api/updates/latest.yml').expect(200);
    expect(staged.text).toContain('stagingPercentage: 10');
    // The answer depends on the install while a version is staged.
    expect(staged.headers.vary).toBe('x-user-staging-id');

    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', stagingUserId: EARLY_INSTALL }))).resolves.toMatchObject({ updateAvailable: true, version: '1.0.1' });
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', stagingUserId: LATE_INSTALL }))).resolves.toMatchObject({ updateAvailable: false });
    // A late install still on 0.9.0 gets 1.0.0, the newest version it may have.
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '0.9.0', stagingUserId: LATE_INSTALL }))).resolves.toMatchObject({ updateAvailable: true, version: '1.0.0' });

    await admin(api().patch(`/api/admin/releases/${id}`)).send({ rollout_paused: true }).expect(200);
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', stagingUserId: EARLY_INSTALL }))).resolves.toMatchObject({ updateAvailable: false });
    await admin(api().patch(`/api/admin/releases/${id}`)).send({ rollout_paused: false, rollout_percentage: 100 }).expect(200);
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', stagingUserId: LATE_INSTALL }))).resolves.toMatchObject({ updateAvailable: true, version: '1.0.1' });

    const refused = await admin(api().patch(`/api/admin/releases/${id}`)).send({ rollout_percentage: 0 }).expect(400);
    expect(JSON.stringify(refused.body)).toContain(RELEASE_TEXTS.badPercentage);
  });

  it('pulls a bad version: updaters on it go back to the version before', async () => {
    const id = await versionId('stable', '1.0.1');
    await admin(api().patch(`/api/admin/releases/${id}`)).send({ state: 'pulled' }).expect(200);
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.1', allowDowngrade: true }))).resolves.toMatchObject({ updateAvailable: true, version: '1.0.0' });
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: false });
    const history = (await api().get('/api/releases/history').expect(200)).body as ReleaseVersionView[];
    expect(history.map((v) => `${v.channel} ${v.version}`)).toEqual(['beta 1.1.0-beta.1', 'stable 1.0.0']);
    // Notes are Markdown, rendered and sanitised by the api.
    expect(history[1]).toMatchObject({ notes: 'First real release.', notes_html: '<p>First real release.</p>' });
  });

  it("answers Squirrel.Mac as documented: the zip's URL when newer, 204 when up to date", async () => {
    const update = await api().get('/api/update/darwin/0.9.0').expect(200);
    expect(update.body).toEqual({ url: `${base}/downloads/Solvr-1.0.0-universal-mac.zip`, name: '1.0.0', notes: '<p>First real release.</p>', pub_date: expect.any(String) });
    expect(new Date(update.body.pub_date).toISOString()).toBe(update.body.pub_date);
    await api().get('/api/update/darwin_arm64/1.0.0').expect(204);
    await api().get('/api/update/plan9/1.0.0').expect(404);
  });

  it('publishes from a CI job with tools/publish-release.mjs: the version from latest.yml, every file of the folder', async () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'Solvr-Setup-1.2.0.exe'), installer('1.2.0', [7]));
    writeFileSync(join(dist, 'Solvr-Setup-1.2.0.exe.blockmap'), 'not read here');
    writeFileSync(join(dist, 'latest.yml'), "version: 1.2.0\npath: Solvr-Setup-1.2.0.exe\n");
    writeFileSync(join(dist, 'builder-debug.yml'), 'ignored');
    const script = join(__dirname, '../../../../tools/publish-release.mjs');
    const env = { ...process.env, SOLVR_URL: base, SOLVR_DEPLOY_TOKEN: deploy.token, SOLVR_CHANNEL: 'beta' };
    const { stdout } = await promisify(execFile)(process.execPath, [script, dist], { env });
    expect(stdout.trim()).toBe('published beta 1.2.0 (published): Solvr-Setup-1.2.0.exe, Solvr-Setup-1.2.0.exe.blockmap');
    await expect(checkForUpdate(run({ platform: 'windows', channel: 'beta', currentVersion: '1.1.0-beta.1' }))).resolves.toMatchObject({ updateAvailable: true, version: '1.2.0' });
    const refused = await promisify(execFile)(process.execPath, [script, dist], { env: { ...env, SOLVR_DEPLOY_TOKEN: 'solvr_deploy_wrong' } }).catch((e: { stderr: string }) => e);
    expect((refused as { stderr: string }).stderr).toContain(`401: ${RELEASE_TEXTS.tokenRefused}`);
  });

  it('adds a channel: its own feed names at the same URL, publishing to it, and refusals for unknown or bad names', async () => {
    await api().get('/api/updates/nightly.yml').expect(404);
    const nightly = file('Solvr-Setup-1.3.0-nightly.5.exe', installer('nightly'));
    const unknown = await publish(deploy.token, { version: '1.3.0-nightly.5', channel: 'nightly' }, [nightly]).expect(400);
    expect(unknown.body.message).toBe(RELEASE_TEXTS.badChannel);

    expect((await admin(api().post('/api/admin/release-channels')).send({ name: 'nightly' }).expect(201)).body).toEqual(['stable', 'beta', 'nightly']);
    const taken = await admin(api().post('/api/admin/release-channels')).send({ name: 'nightly' }).expect(409);
    expect(taken.body.message).toBe(RELEASE_TEXTS.channelExists);
    for (const bad of ['latest', 'Night', 'n', 'night-ly']) {
      expect((await admin(api().post('/api/admin/release-channels')).send({ name: bad }).expect(400)).body.message).toBe(RELEASE_TEXTS.badChannelName);
    }
    await publish(deploy.token, { version: '1.3.0-nightly.5', channel: 'nightly' }, [nightly]).expect(201);
    await expect(checkForUpdate(run({ platform: 'windows', channel: 'nightly', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: true, version: '1.3.0-nightly.5' });
    // A nightly install also takes a newer stable version; stable installs never see nightly.
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '0.9.0' }))).resolves.toMatchObject({ version: '1.0.0' });
  });

  it("counts each version's update checks and downloads per day and platform for the admin's chart", async () => {
    for (let i = 0; i < 3; i++) await api().get('/api/updates/latest-linux-arm64.yml').expect(200);
    await api().get('/downloads/Solvr-1.0.0-arm64.AppImage').expect(200);
    const activity = (await admin(api().get('/api/admin/releases/activity?days=7')).expect(200)).body as ReleaseActivity[];
    const linux = activity.find((a) => a.channel === 'stable' && a.version === '1.0.0' && a.platform === 'linux') as ReleaseActivity;
    expect(linux.days).toHaveLength(7);
    expect(linux.days[6].day).toBe(new Date().toISOString().slice(0, 10));
    // The updaters above checked the Linux feeds too (arm64 and x64), and downloaded both AppImages.
    expect(linux.update_checks).toBeGreaterThanOrEqual(5);
    expect(linux.downloads).toBeGreaterThanOrEqual(3);
    expect(linux.days[6]).toMatchObject({ update_checks: linux.update_checks, downloads: linux.downloads });
    const windows = activity.find((a) => a.version === '1.0.1' && a.platform === 'windows') as ReleaseActivity;
    expect(windows.update_checks).toBeGreaterThan(0);
    await admin(api().get('/api/admin/releases/activity?days=0')).expect(400);
  });

  it('keeps drafts out of the feeds until published, and refuses revoked, wrong or missing tokens', async () => {
    const draft = file('Solvr-Setup-2.0.0.exe', installer('2.0.0'));
    await publish(deploy.token, { version: '2.0.0', channel: 'stable', draft: 'true' }, [draft]).expect(201);
    expect((await api().get('/api/updates/latest.yml').expect(200)).text).toContain('version: 1.0.0');
    await admin(api().patch(`/api/admin/releases/${await versionId('stable', '2.0.0')}`)).send({ state: 'published' }).expect(200);
    expect((await api().get('/api/updates/latest.yml').expect(200)).text).toContain('version: 2.0.0');

    const bad = await publish('solvr_deploy_not-a-real-token', { version: '2.0.1' }, [draft]).expect(401);
    expect(bad.body.message).toBe(RELEASE_TEXTS.tokenRefused);
    // An admin's session publishes too (the console's form); a draft here, so the feeds stay on 2.0.0.
    expect((await publish(adminToken, { version: '2.0.1', draft: 'true' }, [draft]).expect(201)).body.state).toBe('draft');
    expect((await api().get('/api/updates/latest.yml').expect(200)).text).toContain('version: 2.0.0');
    await admin(api().delete(`/api/admin/deploy-tokens/${deploy.id}`)).expect(200);
    await publish(deploy.token, { version: '2.0.1' }, [draft]).expect(401);
    const refused = await publish(
      (await admin(api().post('/api/admin/deploy-tokens')).send({ name: 'second' }).expect(201)).body.token,
      { version: 'two' },
      [draft],
    ).expect(400);
    expect(refused.body.message).toBe(RELEASE_TEXTS.badVersion);
  });

  // Last: it publishes the newest macOS and Linux version.
  it("updates a Mac zip and an AppImage differentially too: MacUpdater from the zip's block map, AppImageUpdater from the block map inside the AppImage", async () => {
    // macOS: the update zip with its .blockmap beside it, as electron-builder leaves them.
    const macBefore = file('Solvr-3.0.2-mac.zip', installer('mac-zip'));
    const macAfter = file('Solvr-3.0.3-mac.zip', installer('mac-zip', [300_000, 1_200_000]));
    await createBlockMap(macBefore);
    await createBlockMap(macAfter);
    // Linux: each AppImage carries its block map at its end; latest-linux.yml gives its size (blockMapSize).
    const appImageBefore = file('Solvr-3.0.2.AppImage', installer('appimage'));
    const appImageAfter = file('Solvr-3.0.3.AppImage', installer('appimage', [200_000, 1_800_000]));
    const embeddedBefore = await createBlockMap(appImageBefore, { embed: true });
    const embeddedAfter = await createBlockMap(appImageAfter, { embed: true });
    expect(embeddedAfter.blockMapSize).toBeGreaterThan(0);
    // The test before revoked the first token.
    const token = (await admin(api().post('/api/admin/deploy-tokens')).send({ name: 'Differential CI' }).expect(201)).body.token as string;
    // MacUpdater reads the installed version's block map from the server, so that version is published too.
    await publish(token, { version: '3.0.2', channel: 'stable', block_map_sizes: JSON.stringify({ 'Solvr-3.0.2.AppImage': embeddedBefore.blockMapSize }) }, [macBefore, `${macBefore}.blockmap`, appImageBefore]).expect(201);
    await publish(token, { version: '3.0.3', channel: 'stable', block_map_sizes: JSON.stringify({ 'Solvr-3.0.3.AppImage': embeddedAfter.blockMapSize }) }, [macAfter, `${macAfter}.blockmap`, appImageAfter]).expect(201);

    for (const [platform, installed, next] of [['macos', macBefore, macAfter], ['linux', appImageBefore, appImageAfter]] as const) {
      const downloaded = await downloadUpdate(run({ platform, arch: 'x64', currentVersion: '3.0.2', installedFile: installed }));
      const nextBytes = readFileSync(next);
      expect({ platform, ...downloaded, sha: sha512(readFileSync(downloaded.file)) }).toMatchObject({ platform, version: '3.0.3', differential: true, sha: sha512(nextBytes) });
      expect(downloaded.bytesFetched).toBeLessThan(nextBytes.length / 4);
    }
  });
});
