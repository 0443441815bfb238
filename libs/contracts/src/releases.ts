import { LIMITS } from './limits';

/** A release is a file marked as the installer of a channel for a platform (see FileView.release_channel). */
export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };

/** electron-updater's generic provider asks for these names (latest.yml on Windows). */
export const FEED_FILES: Record<Platform, string> = { windows: 'latest.yml', macos: 'latest-mac.yml', linux: 'latest-linux.yml' };

/** SemVer 2.0.0 with the optional leading "v" semver accepts (its FULL pattern). */
const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][a-zA-Z0-9-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][a-zA-Z0-9-]*))*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * A release's version: semantic versioning (1.2.0, 2.0.0-beta.1), exactly as electron-updater checks the feed's
 * version (the semver package's `valid`: at most 256 characters, major, minor and patch within JavaScript's
 * safe integers); anything else makes the desktop app refuse the update (ERR_UPDATER_INVALID_VERSION). A pattern rather
 * than the package, which would add 20 KB to every page that shows releases; the spec checks both agree.
 */
export function isReleaseVersion(version: string): boolean {
  const m = version.length <= 256 ? SEMVER.exec(version) : null;
  return !!m && [m[1], m[2], m[3]].every((n) => Number(n) <= Number.MAX_SAFE_INTEGER);
}

/**
 * The product's launch date (spec section 2: the launch announcement of Aug 5, 2025): the date the releases a new
 * site starts with carry, whenever the site was set up.
 */
export const LAUNCH_DATE = '2025-08-05T12:00:00.000Z';

/** Where a release's bytes are, for browsers and the desktop app alike (no session needed). */
export const releaseDownloadPath = (fileName: string) => `/downloads/${encodeURIComponent(fileName)}`;

/** GET /api/releases (signed in): the latest release of each channel and platform, stable first. */
export interface ReleaseView {
  /** The file's id (POST /api/files/:id/download counts it for the signed-in user). */
  id: string;
  channel: ReleaseChannel;
  platform: Platform;
  name: string;
  version: string;
  file_name: string;
  file_type: string;
  /** Bytes of what is stored now. */
  file_size: number;
  sha256: string;
  /** Base64, as electron-updater checks it. */
  sha512: string;
  download_count: number;
  release_notes: string;
  /** ISO 8601. */
  created_date: string;
  /** releaseDownloadPath(file_name). */
  url: string;
  /**
   * A release a new site starts with, standing in until an admin uploads the real installer: listed with the spec's
   * version and counts, but there is nothing to download (the buttons say RELEASE_TEXTS.installerComing).
   */
  placeholder: boolean;
}

export interface ReleasesOverview {
  releases: ReleaseView[];
  /** Platforms the caller asked to be told about (Notify me) and that have no release yet. */
  waiting: Platform[];
}

/** POST /api/releases/notify. */
export interface NotifyRequest {
  platform: Platform;
}

/** GET /api/releases/{channel}/latest.json: the JSON twin of latest.yml (electron-updater's generic format). */
export interface ReleaseFeed {
  version: string;
  files: { url: string; sha512: string; size: number }[];
  path: string;
  sha512: string;
  releaseDate: string;
  releaseNotes: string;
  channel: ReleaseChannel;
  platform: Platform;
}

/** The visitor's operating system from its user agent (and navigator.platform when given); null when unknown. */
export function detectPlatform(userAgent: string, platformHint = ''): Platform | null {
  const text = `${platformHint} ${userAgent}`;
  if (/android|iphone|ipad|ipod/i.test(text)) return null;
  if (/windows|win32|win64/i.test(text)) return 'windows';
  if (/mac ?os|macintosh|macintel|darwin/i.test(text)) return 'macos';
  if (/linux|x11|cros/i.test(text)) return 'linux';
  return null;
}

/** Spec section 9: 'New This Week' = created in the last 7 days (10080 minutes). */
export const isNewThisWeek = (createdIso: string, now = Date.now()) =>
  now - Date.parse(createdIso) <= LIMITS.newThisWeekMinutes * 60_000;

export const RELEASE_TEXTS = {
  /** Spec section 2, /{product}Download: macOS is coming, Linux maybe. */
  comingSoon: (platform: Platform) =>
    platform === 'macos' ? 'macOS is coming.' : platform === 'linux' ? 'Linux maybe.' : `${PLATFORM_LABELS[platform]} is coming.`,
  notifyMe: 'Notify me',
  /** The download button of a placeholder release (see ReleaseView.placeholder), until the real installer is uploaded. */
  installerComing: 'Installer coming soon',
  /** The api's answer for a placeholder's download, feed or file: there is no installer to serve yet. */
  installerNotYet: 'The installer is coming soon: it has not been published yet. Please check back shortly.',
  notifySaved: (platform: Platform) => `We will e-mail you once, when the ${PLATFORM_LABELS[platform]} version is out.`,
  notFound: 'There is no such release.',
  badChannel: `Release channel must be one of ${RELEASE_CHANNELS.join(', ')}, or empty.`,
  badPlatform: `Platform must be one of ${PLATFORMS.join(', ')}.`,
  mustBePublic: 'A release must be free and for all users: the desktop app downloads it without signing in.',
  badVersion: "A release's version must be a semantic version such as 1.2.0 or 2.0.0-beta.1: the desktop app's updater reads no other.",
  releaseNotes: 'Release notes',
  checksum: 'SHA-256',
} as const;
