// tiers: sqlite
// electron-builder users publish with `electron-builder --publish always`: the real electron-builder (app-builder-lib's
// PublishManager) loads tools/electron-publisher-custom.js from the app's build folder and uploads each artifact.
import { createHash, randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { load } from 'js-yaml';
import request from 'supertest';
import { RELEASE_TEXTS, type DeployTokenCreated, type ReleaseFeed, type ReleaseVersionView } from '@solvr/contracts';
import {
  buildMacApp,
  createTestEnv,
  downloadUpdate,
  listeningApiWithAdmin,
  portOf,
  rawRequest,
  TIER,
  type ApiApp,
  type MacBuild,
  type MacBuildResult,
  type TestEnv,
} from '@solvr/server-testing';

const ADMIN = 'builder.admin@publisher.test';
const PASSWORD = 'publisher-pass-1';
const PUBLISHER = join(__dirname, '../../../../tools/electron-publisher-custom.js');
const PAYLOAD = 2 * 1024 * 1024;
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

describe(`electron-builder's custom publisher (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let base: string;
  let adminToken: string;
  let deploy: DeployTokenCreated;
  const dir = mkdtempSync(join(tmpdir(), 'solvr-publisher-'));
  const payload = randomBytes(PAYLOAD);
  let first: MacBuildResult;
  const api = () => request(app.getHttpServer());
  const admin = (req: request.Test) => req.set('Authorization', `Bearer ${adminToken}`);
  const versions = async () => (await admin(api().get('/api/admin/releases')).expect(200)).body as ReleaseVersionView[];
  const versionOf = async (channel: string, version: string) => (await versions()).find((v) => v.channel === channel && v.version === version);
  const macFeed = async () => load((await api().get('/api/updates/latest-mac.yml')).text) as ReleaseFeed | undefined;
  let builds = 0;

  /** One CI job of the desktop app: this version, our publisher in build/, the portal in `publish`. */
  const build = (version: string, over: Partial<MacBuild> & { custom?: Record<string, unknown> } = {}) =>
    buildMacApp({
      dir: mkdtempSync(join(dir, `build-${builds++}-`)),
      version,
      payload,
      buildResources: { 'electron-publisher-custom.js': PUBLISHER },
      publish: [{ provider: 'generic', url: `${base}/api/updates` }, { provider: 'custom', url: base, ...over.custom }],
      env: { SOLVR_DEPLOY_TOKEN: deploy.token },
      ...over,
    });

  beforeAll(async () => {
    t = await createTestEnv();
    ({ app, base, adminToken } = await listeningApiWithAdmin(t, { email: ADMIN, password: PASSWORD }));
    deploy = (await admin(api().post('/api/admin/deploy-tokens')).send({ name: 'Desktop CI' }).expect(201)).body;
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads every artifact of `electron-builder --publish always` into a draft, which no updater sees until an admin publishes it', async () => {
    first = await build('1.2.0', { releaseNotes: 'First **Mac** build.' });
    expect({ code: first.code, tail: first.output.slice(-600) }).toEqual({ code: 0, tail: expect.stringContaining('Solvr portal') });
    expect(first.artifacts).toEqual(expect.arrayContaining(['Solvr-1.2.0-mac.zip', 'Solvr-1.2.0-mac.zip.blockmap', 'latest-mac.yml']));

    const draft = await versionOf('stable', '1.2.0');
    expect(draft).toMatchObject({ state: 'draft', notes: 'First **Mac** build.' });
    // electron-builder's own feed file is not uploaded: the portal writes the feeds.
    expect(draft?.files.map((f) => [f.file_name, f.platform]).sort()).toEqual([
      ['Solvr-1.2.0-mac.zip', 'macos'],
      ['Solvr-1.2.0-mac.zip.blockmap', 'macos'],
    ]);
    expect((await api().get('/api/updates/latest-mac.yml')).status).toBe(404);
    expect((await api().get('/downloads/Solvr-1.2.0-mac.zip')).status).toBe(404);

    await admin(api().patch(`/api/admin/releases/${draft?.id}`)).send({ state: 'published' }).expect(200);
    // The portal's feed lists the zip with the size and sha512 electron-builder computed in its own latest-mac.yml.
    const own = load(readFileSync(join(first.distDir, 'latest-mac.yml'), 'utf8')) as ReleaseFeed;
    const feed = await macFeed();
    expect(feed).toMatchObject({ version: '1.2.0', sha512: own.sha512, releaseNotes: '<p>First <strong>Mac</strong> build.</p>' });
    expect(feed?.files.map((f) => [f.url.split('/').pop(), f.sha512, f.size])).toEqual(own.files.map((f) => [f.url, f.sha512, f.size]));
    expect(sha512((await rawRequest(portOf(app), '/downloads/Solvr-1.2.0-mac.zip')).body)).toBe(own.sha512);
  }, 60_000);

  it('publishes at once with releaseType: release, and MacUpdater moves from the build before by fetching only the changed blocks', async () => {
    // 1.3.0 changes 64 KB of the 2 MB resource: the zip differs in a few blocks.
    randomBytes(64 * 1024).copy(payload, 512 * 1024);
    const second = await build('1.3.0', { custom: { releaseType: 'release' } });
    expect(second.code).toBe(0);
    expect((await versionOf('stable', '1.3.0'))?.state).toBe('published');
    expect((await macFeed())?.version).toBe('1.3.0');

    const installed = join(first.distDir, 'Solvr-1.2.0-mac.zip');
    const update = await downloadUpdate({ platform: 'macos', feedUrl: `${base}/api/updates`, cacheDir: join(dir, 'mac-cache'), currentVersion: '1.2.0', installedFile: installed });
    const zipSize = readFileSync(join(second.distDir, 'Solvr-1.3.0-mac.zip')).length;
    expect(update).toMatchObject({ version: '1.3.0', differential: true });
    expect(sha512(readFileSync(update.file))).toBe(sha512(readFileSync(join(second.distDir, 'Solvr-1.3.0-mac.zip'))));
    expect(update.bytesFetched).toBeLessThan(zipSize / 4);
  }, 60_000);

  it("sends a prerelease to its channel (electron-builder's rule: 1.4.0-beta.1 is beta)", async () => {
    const beta = await build('1.4.0-beta.1', { custom: { releaseType: 'release' } });
    expect(beta.code).toBe(0);
    expect((await versionOf('beta', '1.4.0-beta.1'))?.state).toBe('published');
    expect((await macFeed())?.version).toBe('1.3.0');
    expect((load((await api().get('/api/updates/beta-mac.yml').expect(200)).text) as ReleaseFeed).version).toBe('1.4.0-beta.1');
  }, 60_000);

  it("fails the build with the portal's sentence when the deploy token is revoked or missing, and stores nothing", async () => {
    const revoked = (await admin(api().post('/api/admin/deploy-tokens')).send({ name: 'Old CI' }).expect(201)).body as DeployTokenCreated;
    await admin(api().delete(`/api/admin/deploy-tokens/${revoked.id}`)).expect(200);
    const refused = await build('1.5.0', { env: { SOLVR_DEPLOY_TOKEN: revoked.token } });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`Solvr-1.5.0-mac.zip: 401 ${RELEASE_TEXTS.tokenRefused}`);
    const missing = await build('1.5.0', { env: { SOLVR_DEPLOY_TOKEN: '' } });
    expect(missing.code).not.toBe(0);
    expect(missing.output).toContain('set SOLVR_DEPLOY_TOKEN');
    expect(await versionOf('stable', '1.5.0')).toBeUndefined();
  }, 60_000);
});
