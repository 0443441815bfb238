// Drives the real electron-updater (6.x) outside Electron, the way electron-builder's own updater tests do: an app
// adapter instead of Electron's `app`, a Node HTTP executor instead of Electron's `net`, and the platform whose feed is
// read set through the updater's test hook. Feed parsing, channel file names, staging, the semver rules, file
// selection, differential download plans and the sha512 check are the library's own code.
//
// What cannot run here: installing (NSIS, Squirrel.Mac, replacing an AppImage), Authenticode checks (PowerShell on
// Windows only: no publisherName is written, so none is attempted) and Electron's proxy and login handling.
import { execFile } from 'child_process';
import { createHash } from 'crypto';
import { EventEmitter } from 'events';
import { copyFile, mkdir, readFile, writeFile } from 'fs/promises';
import http from 'http';
import https from 'https';
import { basename, join } from 'path';
import { promisify } from 'util';
import { appBuilderPath } from 'app-builder-bin';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, UUID, type DownloadOptions } from 'builder-util-runtime';
import {
  AppImageUpdater,
  AppUpdater,
  MacUpdater,
  NoOpLogger,
  NsisUpdater,
  type Logger,
  type UpdateDownloadedEvent,
  type UpdateInfo,
} from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { dump } from 'js-yaml';

export type DesktopPlatform = 'windows' | 'macos' | 'linux';

export interface UpdaterRun {
  platform: DesktopPlatform;
  /** The machine's architecture as the updater sees it; the host's when absent. */
  arch?: 'x64' | 'arm64';
  /** Base URL of a generic-provider feed (latest.yml, latest-mac.yml, latest-linux[-arm64].yml and the files). */
  feedUrl: string;
  /** Written into app-update.yml: the feed file read is then `<channel>.yml` (`<channel>-mac.yml`, ...). */
  channel?: string;
  currentVersion: string;
  /** A UUID stored as the app's `.updaterId`: fixes which staging bucket the user falls in. */
  stagingUserId?: string;
  allowDowngrade?: boolean;
  /** Where the app's user data, update cache and app-update.yml go; one per run unless a test means to share it. */
  cacheDir: string;
  /** The installer (windows), update zip (macos) or AppImage with embedded blockmap (linux) of currentVersion: turns
   * on the differential download against it. Without it every download is a full one. In electron-updater's test
   * mode a failed differential download fails the run on windows and macos instead of falling back to a full one; the
   * AppImage updater still falls back on a linux host. */
  installedFile?: string;
  appName?: string;
  /** The updater's log; silent when absent. */
  logger?: Logger;
}

export interface UpdateCheck {
  updateAvailable: boolean;
  /** The version the feed offers, whether or not it is taken. */
  version: string;
  info: UpdateInfo;
}

/** One HTTP response the updater read. */
export interface HttpFetch {
  url: string;
  /** The Range header sent, for the requests of a differential download. */
  range?: string;
  status: number;
  /** Body bytes received. */
  bytes: number;
}

export interface DownloadedUpdate {
  /** The downloaded installer, zip or AppImage, verified against the feed's sha512. */
  file: string;
  version: string;
  /** Body bytes fetched over HTTP by the download (blockmaps included), not counting the update check. */
  bytesFetched: number;
  fetches: HttpFetch[];
  /** True when the file was assembled from the installed file plus ranges fetched from the feed; false after a full
   * download, including the full download an AppImage updater falls back to when its differential one fails. */
  differential: boolean;
  /** macos: what MacUpdater's local proxy served when fetched the way Squirrel.Mac fetches it. */
  servedToSquirrel?: { feedUrl: string; sha512: string; size: number };
}

/** Asks the feed whether there is an update for `run.currentVersion`. */
export function checkForUpdate(run: UpdaterRun): Promise<UpdateCheck> {
  return oneRunAtATime(() =>
    withHostAs(run, async () => {
      const { updater } = await createUpdater(run);
      return toUpdateCheck(await checkOrThrow(updater));
    }),
  );
}

/** Checks, then downloads the offered update; rejects when none is offered or the file fails verification. */
export function downloadUpdate(run: UpdaterRun): Promise<DownloadedUpdate> {
  return oneRunAtATime(() =>
    withHostAs(run, async () => {
      const { updater, executor, squirrel } = await createUpdater(run);
      const check = toUpdateCheck(await checkOrThrow(updater));
      if (!check.updateAvailable) throw new Error(`no update offered: the feed has ${check.version}, the app is ${run.currentVersion}`);
      executor.fetches.length = 0;
      let downloaded: UpdateDownloadedEvent | undefined;
      updater.once('update-downloaded', (event: UpdateDownloadedEvent) => (downloaded = event));
      try {
        await updater.downloadUpdate();
        if (!downloaded) throw new Error('the updater finished without an update-downloaded event');
        const file = downloaded.downloadedFile;
        const fetches = [...executor.fetches];
        const isWholeUpdateFile = (f: HttpFetch) => f.range == null && decodeURIComponent(basename(new URL(f.url).pathname)) === basename(file);
        return {
          file,
          version: downloaded.version,
          bytesFetched: fetches.reduce((sum, f) => sum + f.bytes, 0),
          fetches,
          differential: fetches.some((f) => f.range != null) && !fetches.some(isWholeUpdateFile),
          servedToSquirrel: squirrel?.feed ? await fetchLikeSquirrel(squirrel.feed) : undefined,
        };
      } finally {
        if (updater instanceof MacUpdater) (updater as unknown as { closeServerIfExists(): void }).closeServerIfExists();
      }
    }),
  );
}

export interface UpdateFileEntry {
  url: string;
  sha512: string;
  size: number;
  blockMapSize?: number;
}

/** A feed file entry as electron-builder writes it: base64 sha512 and size of the file. */
export async function describeUpdateFile(file: string, url = basename(file)): Promise<UpdateFileEntry> {
  const content = await readFile(file);
  return { url, sha512: createHash('sha512').update(content).digest('base64'), size: content.length };
}

/** latest.yml (or another channel file) in electron-builder's layout; the first file is also the legacy `path`. */
export function updateFeedYaml(feed: { version: string; files: UpdateFileEntry[]; releaseDate?: string; stagingPercentage?: number }): string {
  const [main] = feed.files;
  return dump(
    {
      version: feed.version,
      files: feed.files,
      path: main.url,
      sha512: main.sha512,
      releaseDate: feed.releaseDate ?? new Date().toISOString(),
      ...(feed.stagingPercentage == null ? {} : { stagingPercentage: feed.stagingPercentage }),
    },
    { lineWidth: -1 },
  );
}

/**
 * Writes `<file>.blockmap` with electron-builder's blockmap tool (app-builder-bin), as a build does for NSIS and zip
 * targets; with `embed` the blockmap is appended to the file itself, as for an AppImage, and its size is returned.
 * The size and sha512 are those of the file as it then is.
 */
export async function createBlockMap(file: string, opts: { embed?: boolean } = {}): Promise<UpdateFileEntry> {
  // embedded blockmaps are raw deflate, .blockmap files gzip: what electron-builder writes and electron-updater reads
  const args = ['blockmap', '-i', file, ...(opts.embed ? ['-c', 'deflate'] : ['-o', `${file}.blockmap`])];
  const { stdout } = await promisify(execFile)(appBuilderPath, args);
  const out = JSON.parse(stdout) as { size: number; sha512: string; blockMapSize?: number };
  return { url: basename(file), ...out };
}

// The updater reads process.arch and environment variables: runs take turns so that overrides never overlap.
let lastRun: Promise<unknown> = Promise.resolve();
function oneRunAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = lastRun.then(task, task);
  lastRun = result.catch(() => undefined);
  return result;
}

/** The host as the updater should see it during `task`: its architecture, and for linux the running AppImage. */
async function withHostAs<T>(run: UpdaterRun, task: () => Promise<T>): Promise<T> {
  const archDescriptor = Object.getOwnPropertyDescriptor(process, 'arch');
  const savedEnv = { TEST_UPDATER_ARCH: process.env['TEST_UPDATER_ARCH'], APPIMAGE: process.env['APPIMAGE'] };
  if (run.arch) {
    Object.defineProperty(process, 'arch', { ...archDescriptor, value: run.arch });
    // the linux channel file name (latest-linux-arm64.yml) takes the arch from here
    process.env['TEST_UPDATER_ARCH'] = run.arch;
  }
  if (run.platform === 'linux') {
    // AppImageUpdater is active only inside an AppImage, and diffs against the running one
    process.env['APPIMAGE'] = run.installedFile ?? join(run.cacheDir, `${appNameOf(run)}-${run.currentVersion}.AppImage`);
  }
  try {
    return await task();
  } finally {
    if (archDescriptor) Object.defineProperty(process, 'arch', archDescriptor);
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value == null) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const appNameOf = (run: UpdaterRun) => run.appName ?? 'Solvr';

const NODE_PLATFORM = { windows: 'win32', macos: 'darwin', linux: 'linux' } as const;

/** What electron-updater keeps off its public types and sets only in its tests. */
interface UpdaterInternals {
  httpExecutor: HttpExecutor<http.ClientRequest>;
  _testOnlyOptions: { platform: 'win32' | 'darwin' | 'linux'; isUseDifferentialDownload?: boolean };
}

async function createUpdater(run: UpdaterRun) {
  const name = appNameOf(run);
  const updaterCacheDirName = `${name.toLowerCase()}-updater`;
  const userDataPath = join(run.cacheDir, 'user-data');
  const baseCachePath = join(run.cacheDir, 'cache');
  const appUpdateConfigPath = join(run.cacheDir, 'resources', 'app-update.yml');

  await mkdir(join(run.cacheDir, 'resources'), { recursive: true });
  const updateConfig = { provider: 'generic', url: run.feedUrl, updaterCacheDirName, ...(run.channel ? { channel: run.channel } : {}) };
  await writeFile(appUpdateConfigPath, dump(updateConfig));
  if (run.stagingUserId != null) {
    if (!UUID.check(run.stagingUserId)) throw new Error(`stagingUserId must be a UUID: ${run.stagingUserId}`);
    await mkdir(userDataPath, { recursive: true });
    await writeFile(join(userDataPath, '.updaterId'), run.stagingUserId);
  }
  if (run.installedFile && run.platform !== 'linux') {
    // where the installed app keeps its installer (NSIS) or the last update zip (Squirrel.Mac) for the next diff
    const kept = run.platform === 'windows' ? 'installer.exe' : 'update.zip';
    await mkdir(join(baseCachePath, updaterCacheDirName), { recursive: true });
    await copyFile(run.installedFile, join(baseCachePath, updaterCacheDirName, kept));
  }

  const app: AppAdapter = {
    version: run.currentVersion,
    name,
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath,
    baseCachePath,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const squirrel = run.platform === 'macos' ? new SquirrelStandIn() : undefined;
  const updater: AppUpdater =
    run.platform === 'windows' ? new NsisUpdater(null, app) : squirrel ? macUpdaterWithoutElectron(app, squirrel) : new AppImageUpdater(null, app);

  const executor = new CountingNodeHttpExecutor();
  const internals = updater as unknown as UpdaterInternals;
  internals.httpExecutor = executor;
  internals._testOnlyOptions = { platform: NODE_PLATFORM[run.platform], isUseDifferentialDownload: run.installedFile != null };
  updater.logger = run.logger ?? new NoOpLogger();
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = run.allowDowngrade ?? false;
  updater.disableWebInstaller = true;
  updater.disableDifferentialDownload = run.installedFile == null;
  return { updater, executor, squirrel };
}

async function checkOrThrow(updater: AppUpdater) {
  const result = await updater.checkForUpdates();
  if (result == null) throw new Error('the updater is not active (not packaged, or no APPIMAGE on linux)');
  return result;
}

const toUpdateCheck = (result: { isUpdateAvailable: boolean; updateInfo: UpdateInfo }): UpdateCheck => ({
  updateAvailable: result.isUpdateAvailable,
  version: result.updateInfo.version,
  info: result.updateInfo,
});

/**
 * Node's http(s) in place of Electron's net, counting what each response brings. `download` does what electron-updater's
 * ElectronHttpExecutor.download does: the body goes through builder-util-runtime's pipes, whose DigestTransform fails
 * the download on a sha512 mismatch.
 */
class CountingNodeHttpExecutor extends HttpExecutor<http.ClientRequest> {
  readonly fetches: HttpFetch[] = [];

  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    const headers = (options.headers ?? {}) as Record<string, string | undefined>;
    const url = `${options.protocol ?? 'https:'}//${options.hostname}${options.port ? `:${options.port}` : ''}${options.path ?? '/'}`;
    const send = options.protocol === 'http:' ? http.request : https.request;
    // no keep-alive: no socket outlives the run
    return send({ ...options, agent: false }, (response) => {
      const fetch: HttpFetch = { url, range: headers['range'] ?? headers['Range'], status: response.statusCode ?? 0, bytes: 0 };
      this.fetches.push(fetch);
      // attached before the updater's own handlers, which all attach synchronously in `callback`: no chunk is missed
      response.on('data', (chunk: Buffer | string) => (fetch.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length));
      callback(response);
    });
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        { destination, options, onCancel, responseHandler: null, callback: (error) => (error == null ? resolve(destination) : reject(error)) },
        0,
      );
    });
  }
}

/** Stands in for Electron's autoUpdater (Squirrel.Mac): keeps the feed MacUpdater hands it. */
class SquirrelStandIn extends EventEmitter {
  feed?: { url: string; headers: Record<string, string> };

  setFeedURL(feed: { url: string; headers: Record<string, string> }): void {
    this.feed = feed;
  }

  checkForUpdates(): void {
    this.emit('error', new Error('Squirrel.Mac does not exist outside Electron on macOS'));
  }

  quitAndInstall(): void {
    throw new Error('Squirrel.Mac does not exist outside Electron on macOS');
  }
}

/**
 * MacUpdater's constructor takes Electron's autoUpdater (`require("electron")`), which does not exist here. The same
 * object is built with AppUpdater's constructor and MacUpdater's prototype, and given what that constructor sets:
 * the native updater (a stand-in) and its two listeners. Everything MacUpdater does afterwards is its own code.
 */
function macUpdaterWithoutElectron(app: AppAdapter, squirrel: SquirrelStandIn): MacUpdater {
  const updater = Reflect.construct(AppUpdater, [null, app], MacUpdater) as MacUpdater;
  const fields = updater as unknown as { nativeUpdater: SquirrelStandIn; squirrelDownloadedUpdate: boolean };
  fields.nativeUpdater = squirrel;
  fields.squirrelDownloadedUpdate = false;
  squirrel.on('error', (error: Error) => updater.emit('error', error));
  squirrel.on('update-downloaded', () => (fields.squirrelDownloadedUpdate = true));
  return updater;
}

/** What Squirrel.Mac does with the feed: GET it (with the Basic auth given), then GET the zip it names. */
async function fetchLikeSquirrel(feed: { url: string; headers: Record<string, string> }) {
  const json = await getBody(feed.url, feed.headers);
  const { url } = JSON.parse(json.toString('utf8')) as { url: string };
  const zip = await getBody(url, feed.headers);
  return { feedUrl: feed.url, sha512: createHash('sha512').update(zip).digest('base64'), size: zip.length };
}

function getBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

