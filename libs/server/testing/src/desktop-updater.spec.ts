import { createHash } from 'crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { basename, join, normalize } from 'path';
import { checkForUpdate, createBlockMap, describeUpdateFile, downloadUpdate, updateFeedYaml, type UpdateFileEntry, type UpdaterRun } from './desktop-updater';

// Its last four bytes, 0x80000000, put this user just past the middle of the staging range (0x80000000 / 0xffffffff).
const STAGING_ID = '1b4e28ba-2fa1-41d2-883f-0e1d80000000';
const INSTALLER_SIZE = 2 * 1024 * 1024;
/** Where 1.1.0 of the windows installer differs from 1.0.0. */
const PATCHED_OFFSETS = [100_000, 1_000_000, 1_900_000];

/** Pseudo-random bytes, the same for a seed: stand-ins for installers whose blockmaps stay stable from run to run. */
function fakeBinary(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha512').update(seed).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block = createHash('sha512').update(block).digest();
    block.copy(out, offset);
  }
  return out;
}

interface FeedRequest {
  path: string;
  range?: string;
  stagingId?: string;
}

/** A generic-provider feed as a static host serves it: files from a folder, with single and multiple byte ranges. */
async function startFeedServer(dir: string) {
  const requests: FeedRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://feed').pathname));
    requests.push({ path, range: req.headers.range, stagingId: req.headers['x-user-staging-id'] as string | undefined });
    const file = join(dir, path);
    if (path.includes('..') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const ranges = parseRanges(req.headers.range, body.length);
    if (ranges == null) {
      res.writeHead(200, { 'Content-Length': body.length, 'Accept-Ranges': 'bytes' }).end(body);
    } else if (ranges.length === 1) {
      const [start, end] = ranges[0];
      res.writeHead(206, { 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${body.length}` }).end(body.subarray(start, end + 1));
    } else {
      const boundary = `feed-${Date.now()}`;
      const parts = ranges.flatMap(([start, end], i) => [
        Buffer.from(`${i ? '\r\n' : ''}--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${start}-${end}/${body.length}\r\n\r\n`),
        body.subarray(start, end + 1),
      ]);
      const multipart = Buffer.concat([...parts, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      res.writeHead(206, { 'Content-Type': `multipart/byteranges; boundary=${boundary}`, 'Content-Length': multipart.length }).end(multipart);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `bytes=a-b, c-d` as inclusive [start, end] pairs; null without a Range header. */
function parseRanges(header: string | undefined, size: number): Array<[number, number]> | null {
  if (!header?.startsWith('bytes=')) return null;
  return header
    .slice('bytes='.length)
    .split(',')
    .map((spec) => {
      const [start, end] = spec.trim().split('-');
      return [Number(start), end === '' ? size - 1 : Math.min(Number(end), size - 1)];
    });
}

const sha512 = (file: string) => createHash('sha512').update(readFileSync(file)).digest('base64');

describe('desktop updater harness (real electron-updater)', () => {
  let root: string;
  let feedDir: string;
  let feed: Awaited<ReturnType<typeof startFeedServer>>;
  let oldInstaller: string;
  let newInstaller: string;
  let runCount = 0;

  const writeFeed = (channelFile: string, content: Parameters<typeof updateFeedYaml>[0]) => writeFileSync(join(feedDir, channelFile), updateFeedYaml(content));
  const addFile = async (name: string, content: Buffer): Promise<UpdateFileEntry> => {
    writeFileSync(join(feedDir, name), content);
    return describeUpdateFile(join(feedDir, name));
  };
  /** A run with a cache of its own, as one installed app. */
  const run = (over: Partial<UpdaterRun> & Pick<UpdaterRun, 'platform' | 'currentVersion'>): UpdaterRun => ({
    feedUrl: feed.url,
    cacheDir: join(root, `app-${++runCount}`),
    ...over,
  });
  const requestedSince = (count: number) => feed.requests.slice(count).map((r) => r.path);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'desktop-updater-'));
    feedDir = join(root, 'feed');
    mkdirSync(feedDir);
    feed = await startFeedServer(feedDir);

    // windows: 1.0.0 is installed, 1.1.0 differs from it in three places; both have blockmaps as a build makes them
    const v100 = fakeBinary(INSTALLER_SIZE, 'solvr');
    const v110 = Buffer.from(v100);
    for (const offset of PATCHED_OFFSETS) fakeBinary(300, `patch-${offset}`).copy(v110, offset);
    oldInstaller = join(feedDir, 'Solvr-Setup-1.0.0.exe');
    newInstaller = join(feedDir, 'Solvr-Setup-1.1.0.exe');
    writeFileSync(oldInstaller, v100);
    writeFileSync(newInstaller, v110);
    await createBlockMap(oldInstaller);
    const newInstallerEntry = await createBlockMap(newInstaller);
    writeFeed('latest.yml', { version: '1.1.0', files: [newInstallerEntry] });
    // the same 1.1.0 installer listed with another file's sha512
    writeFeed('tampered-diff.yml', { version: '1.1.0', files: [{ ...newInstallerEntry, sha512: sha512(oldInstaller) }] });

    writeFeed('beta.yml', { version: '1.2.0-beta.1', files: [await addFile('Solvr-Setup-1.2.0-beta.1.exe', fakeBinary(64 * 1024, 'beta'))] });

    // listed with the sha512 of one file, served with another's bytes
    const listed = await addFile('Solvr-Setup-1.1.1.exe', fakeBinary(64 * 1024, 'genuine'));
    writeFileSync(join(feedDir, 'Solvr-Setup-1.1.1.exe'), fakeBinary(64 * 1024, 'tampered'));
    writeFeed('tampered.yml', { version: '1.1.1', files: [listed] });

    const small = await addFile('Solvr-Setup-1.3.0.exe', fakeBinary(16 * 1024, 'staged'));
    for (const percentage of [0, 50, 51, 100]) writeFeed(`staged${percentage}.yml`, { version: '1.3.0', files: [small], stagingPercentage: percentage });

    writeFeed('latest-mac.yml', {
      version: '1.1.0',
      files: [await addFile('Solvr-1.1.0-arm64-mac.zip', fakeBinary(96 * 1024, 'mac-arm64')), await addFile('Solvr-1.1.0-mac.zip', fakeBinary(96 * 1024, 'mac-x64'))],
    });
    // linux: AppImages carry their blockmap at their end
    const appImage = fakeBinary(INSTALLER_SIZE, 'appimage');
    writeFileSync(join(root, 'Solvr-1.0.0.AppImage'), appImage);
    await createBlockMap(join(root, 'Solvr-1.0.0.AppImage'), { embed: true });
    for (const offset of PATCHED_OFFSETS) fakeBinary(300, `appimage-${offset}`).copy(appImage, offset);
    writeFileSync(join(feedDir, 'Solvr-1.1.0-diff.AppImage'), appImage);
    writeFeed('diff-linux.yml', { version: '1.1.0', files: [await createBlockMap(join(feedDir, 'Solvr-1.1.0-diff.AppImage'), { embed: true })] });

    writeFeed('latest-linux.yml', { version: '1.1.0', files: [await addFile('Solvr-1.1.0.AppImage', fakeBinary(96 * 1024, 'linux-x64'))] });
    writeFeed('latest-linux-arm64.yml', { version: '1.1.0', files: [await addFile('Solvr-1.1.0-arm64.AppImage', fakeBinary(96 * 1024, 'linux-arm64'))] });
  });

  afterAll(async () => {
    await feed?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('offers a newer version and not the same one', async () => {
    const seen = feed.requests.length;
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', stagingUserId: STAGING_ID }))).resolves.toMatchObject({
      updateAvailable: true,
      version: '1.1.0',
      info: { files: [{ url: 'Solvr-Setup-1.1.0.exe', size: INSTALLER_SIZE }] },
    });
    expect(feed.requests.slice(seen)).toEqual([{ path: '/latest.yml', stagingId: STAGING_ID }]);
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.1.0' }))).resolves.toMatchObject({ updateAvailable: false, version: '1.1.0' });
  });

  it('reads beta.yml on the beta channel', async () => {
    const seen = feed.requests.length;
    const check = await checkForUpdate(run({ platform: 'windows', currentVersion: '1.1.0', channel: 'beta' }));
    expect(check).toMatchObject({ updateAvailable: true, version: '1.2.0-beta.1' });
    expect(requestedSince(seen)).toEqual(['/beta.yml']);
  });

  it('downloads the installer in full and checks its sha512', async () => {
    const downloaded = await downloadUpdate(run({ platform: 'windows', currentVersion: '1.0.0' }));
    expect(basename(downloaded.file)).toBe('Solvr-Setup-1.1.0.exe');
    expect(sha512(downloaded.file)).toBe(sha512(newInstaller));
    expect(downloaded).toMatchObject({ version: '1.1.0', differential: false, bytesFetched: INSTALLER_SIZE });
  });

  it('refuses a file whose bytes do not match the sha512 in the feed', async () => {
    const tampered = run({ platform: 'windows', currentVersion: '1.1.0', channel: 'tampered' });
    await expect(downloadUpdate(tampered)).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
    expect(existsSync(join(tampered.cacheDir, 'cache/solvr-updater/pending/Solvr-Setup-1.1.1.exe'))).toBe(false);
  });

  it('applies stagingPercentage to the stored staging user id', async () => {
    const offered = async (percentage: number) =>
      (await checkForUpdate(run({ platform: 'windows', currentVersion: '1.0.0', channel: `staged${percentage}`, stagingUserId: STAGING_ID }))).updateAvailable;
    expect(await offered(0)).toBe(false);
    expect(await offered(50)).toBe(false);
    expect(await offered(51)).toBe(true);
    expect(await offered(100)).toBe(true);
  });

  it('offers an older version only when downgrades are allowed', async () => {
    expect((await checkForUpdate(run({ platform: 'windows', currentVersion: '1.2.0' }))).updateAvailable).toBe(false);
    await expect(checkForUpdate(run({ platform: 'windows', currentVersion: '1.2.0', allowDowngrade: true }))).resolves.toMatchObject({
      updateAvailable: true,
      version: '1.1.0',
    });
  });

  it('reads latest-linux-arm64.yml on linux arm64 and latest-linux.yml on x64', async () => {
    let seen = feed.requests.length;
    const arm64 = await downloadUpdate(run({ platform: 'linux', arch: 'arm64', currentVersion: '1.0.0' }));
    expect(requestedSince(seen)).toEqual(['/latest-linux-arm64.yml', '/Solvr-1.1.0-arm64.AppImage']);
    expect(sha512(arm64.file)).toBe(sha512(join(feedDir, 'Solvr-1.1.0-arm64.AppImage')));

    seen = feed.requests.length;
    await expect(checkForUpdate(run({ platform: 'linux', arch: 'x64', currentVersion: '1.0.0' }))).resolves.toMatchObject({ version: '1.1.0' });
    expect(requestedSince(seen)).toEqual(['/latest-linux.yml']);
  });

  it('reads latest-mac.yml on macos and downloads the zip for the arch, as handed to Squirrel.Mac', async () => {
    const seen = feed.requests.length;
    await expect(checkForUpdate(run({ platform: 'macos', currentVersion: '1.0.0' }))).resolves.toMatchObject({ updateAvailable: true, version: '1.1.0' });
    expect(requestedSince(seen)).toEqual(['/latest-mac.yml']);

    for (const [arch, zip] of [['arm64', 'Solvr-1.1.0-arm64-mac.zip'], ['x64', 'Solvr-1.1.0-mac.zip']] as const) {
      const downloaded = await downloadUpdate(run({ platform: 'macos', arch, currentVersion: '1.0.0' }));
      expect(basename(downloaded.file)).toBe(zip);
      expect(sha512(downloaded.file)).toBe(sha512(join(feedDir, zip)));
      expect(downloaded.servedToSquirrel).toMatchObject({ sha512: sha512(join(feedDir, zip)) });
    }
  });

  it('downloads only the changed blocks when the installed installer is kept (differential)', async () => {
    const seen = feed.requests.length;
    const downloaded = await downloadUpdate(run({ platform: 'windows', currentVersion: '1.0.0', installedFile: oldInstaller }));
    expect(sha512(downloaded.file)).toBe(sha512(newInstaller));
    expect(downloaded.differential).toBe(true);
    expect(downloaded.bytesFetched).toBeLessThan(INSTALLER_SIZE / 4);
    expect(requestedSince(seen)).toEqual(expect.arrayContaining(['/Solvr-Setup-1.1.0.exe.blockmap', '/Solvr-Setup-1.0.0.exe.blockmap']));

    const installerRequests = feed.requests.slice(seen).filter((r) => r.path === '/Solvr-Setup-1.1.0.exe');
    const fetchedRanges = installerRequests.flatMap((r) => parseRanges(r.range, INSTALLER_SIZE) ?? [[0, INSTALLER_SIZE - 1]]);
    expect(fetchedRanges.length).toBeGreaterThan(1);
    for (const offset of PATCHED_OFFSETS) expect(fetchedRanges.some(([start, end]) => start <= offset && offset <= end)).toBe(true);
  });

  it('downloads only the changed blocks of an AppImage against the running one (linux differential)', async () => {
    const downloaded = await downloadUpdate(
      run({ platform: 'linux', currentVersion: '1.0.0', channel: 'diff', installedFile: join(root, 'Solvr-1.0.0.AppImage')}),
    );
    expect(sha512(downloaded.file)).toBe(sha512(join(feedDir, 'Solvr-1.1.0-diff.AppImage')));
    expect(downloaded.differential).toBe(true);
    expect(downloaded.bytesFetched).toBeLessThan(INSTALLER_SIZE / 4);
  });

  it('refuses a differentially assembled file whose sha512 does not match the feed', async () => {
    const tampered = run({ platform: 'windows', currentVersion: '1.0.0', channel: 'tampered-diff', installedFile: oldInstaller });
    await expect(downloadUpdate(tampered)).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
  });
});
