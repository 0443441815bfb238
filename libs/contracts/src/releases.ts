import valid from 'semver/functions/valid';
import { LIMITS } from './limits';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from './platforms';

/** A release is a version of the desktop app on a channel, with its files (installers, update packages, block maps). */
export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
/** stable, beta, or a channel an admin added (isChannelName). */
export type ReleaseChannel = string;

/**
 * The name of a channel an admin adds: 2 to 10 lowercase letters or digits, starting with a letter (it becomes the
 * feed file's name, {channel}.yml, and electron-updater's autoUpdater.channel); "latest" is the stable channel's feed.
 */
export const isChannelName = (name: string): boolean => /^[a-z][a-z0-9]{1,9}$/.test(name) && name !== 'latest';
export const RELEASE_CHANNEL_LABELS: Record<string, string> = { stable: 'Stable', beta: 'Beta' };
/** A channel's name for people (a channel an admin added reads as it is). */
export const channelLabel = (channel: string): string => RELEASE_CHANNEL_LABELS[channel] ?? channel;

/** electron-updater's generic provider asks for these names (latest.yml on Windows). */
export const FEED_FILES: Record<Platform, string> = { windows: 'latest.yml', macos: 'latest-mac.yml', linux: 'latest-linux.yml' };

/** CPU architectures of a release's files; universal is a macOS build for both. */
export const ARCHES = ['x64', 'arm64', 'universal'] as const;
export type Arch = (typeof ARCHES)[number];

/**
 * A file's architecture from its name, as electron-builder names artifacts (Solvr-Setup-1.2.0-arm64.exe,
 * Solvr-1.2.0-universal.dmg, Solvr-1.2.0-aarch64.AppImage); x64 when the name says nothing else.
 */
export function archOf(fileName: string): Arch {
  const name = fileName.toLowerCase();
  if (/(^|[-_.])universal([-_.]|$)/.test(name)) return 'universal';
  if (/(^|[-_.])(arm64|aarch64)([-_.]|$)/.test(name)) return 'arm64';
  return 'x64';
}

/** What a release's file is for: an installer or update package, a block map beside one, or Squirrel.Windows' files. */
export type ReleaseAssetKind = 'installer' | 'blockmap' | 'squirrel';
export function assetKindOf(fileName: string): ReleaseAssetKind {
  const name = fileName.toLowerCase();
  if (name.endsWith('.blockmap')) return 'blockmap';
  if (name === 'releases' || name.endsWith('.nupkg')) return 'squirrel';
  return 'installer';
}

/** The platform an electron-builder artifact is for, from its extension; null for names no updater reads. */
export function platformOfArtifact(fileName: string): Platform | null {
  const name = fileName.toLowerCase().replace(/\.blockmap$/, '');
  if (name.endsWith('.exe') || name.endsWith('.nupkg') || name === 'releases' || name.endsWith('.msi')) return 'windows';
  if (name.endsWith('.dmg') || name.endsWith('.zip') || name.endsWith('.pkg')) return 'macos';
  if (name.endsWith('.appimage') || name.endsWith('.deb') || name.endsWith('.rpm')) return 'linux';
  return null;
}

/** The extensions each updater downloads from a feed, in order of preference (macOS updates from the zip). */
export const FEED_EXTENSIONS: Record<Platform, string[]> = { windows: ['.exe'], macos: ['.zip', '.dmg'], linux: ['.appimage', '.deb', '.rpm'] };

/** The extensions a person downloading by hand wants first (the disk image on macOS, not the update zip). */
export const DOWNLOAD_EXTENSIONS: Record<Platform, string[]> = { windows: ['.exe'], macos: ['.dmg', '.zip'], linux: ['.appimage', '.deb', '.rpm'] };

/** electron-updater's name for the stable channel's feed files (latest.yml, latest-mac.yml, ...). */
export const STABLE_FEED_NAME = 'latest';

/**
 * The feed file electron-updater's generic provider asks for: {channel}.yml on Windows, {channel}-mac.yml,
 * {channel}-linux.yml and {channel}-linux-{arch}.yml for Linux on anything but x64; the stable channel is "latest".
 */
export function feedFileName(channel: string, platform: Platform, arch: Arch = 'x64'): string {
  const base = channel === 'stable' ? STABLE_FEED_NAME : channel;
  if (platform === 'windows') return `${base}.yml`;
  if (platform === 'macos') return `${base}-mac.yml`;
  return `${base}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
}

/** The channel, platform and architecture a feed file name asks for (the reverse of feedFileName); null for others. */
export function parseFeedFileName(file: string): { channel: string; platform: Platform; arch: Arch | null } | null {
  const m = /^([a-z][a-z0-9]*)(?:-(mac|linux)(?:-(arm64))?)?\.yml$/.exec(file);
  if (!m || (m[3] && m[2] !== 'linux')) return null;
  const channel = m[1] === STABLE_FEED_NAME ? 'stable' : m[1];
  const platform: Platform = m[2] === 'mac' ? 'macos' : m[2] === 'linux' ? 'linux' : 'windows';
  // Windows and macOS feeds list every architecture; the updater picks its own file from the list.
  return { channel, platform, arch: platform === 'linux' ? ((m[3] as Arch | undefined) ?? 'x64') : null };
}

/**
 * Where an install falls in a staged rollout, 0 to 100, from the staging id electron-updater keeps per install and
 * sends as x-user-staging-id: the same number electron-updater compares with stagingPercentage (its isStagingMatch:
 * the UUID's last four bytes over 0xffffffff), so the server and the app agree on who is in.
 */
export function stagingPoint(stagingId: string): number | null {
  const hex = stagingId.trim().toLowerCase().replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return (parseInt(hex.slice(24, 32), 16) / 0xffffffff) * 100;
}

/** What happens to a release's version in the feeds. */
export const RELEASE_STATES = ['draft', 'published', 'pulled'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/**
 * A release's version: semantic versioning (1.2.0, 2.0.0-beta.1), by the semver package's `valid`, as electron-updater
 * checks the feed's version; anything else makes the desktop app refuse the update (ERR_UPDATER_INVALID_VERSION).
 */
export const isReleaseVersion = (version: string): boolean => valid(version) !== null;

/**
 * The product's launch date (spec section 2: the launch announcement of Aug 5, 2025): the date the releases a new
 * site starts with carry, whenever the site was set up.
 */
export const LAUNCH_DATE = '2025-08-05T12:00:00.000Z';

/** Where a release's bytes are, for browsers and the desktop app alike (no session needed). */
export const releaseDownloadPath = (fileName: string) => `/downloads/${encodeURIComponent(fileName)}`;

/** GET /api/releases (signed in): the latest release of each channel and platform, stable first. */
export interface ReleaseView {
  /** The release file's id. */
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
  /** The notes' Markdown rendered and sanitised by the api (formatting, lists, code and links only). */
  release_notes_html: string;
  /** ISO 8601: when its version was published. */
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

/** An update feed (latest.yml and its kin) in electron-updater's generic format; latest.json is its JSON twin. */
export interface ReleaseFeed {
  version: string;
  /** blockMapSize: an AppImage's block map, carried at the end of the file, for AppImageUpdater's differential download. */
  files: { url: string; sha512: string; size: number; blockMapSize?: number }[];
  path: string;
  sha512: string;
  releaseDate: string;
  releaseNotes: string;
  /** Set while the version is staged: electron-updater installs it only where its staging id falls below this. */
  stagingPercentage?: number;
  channel: string;
  platform: Platform;
}

/** A file of a release version. */
export interface ReleaseFileView {
  id: string;
  file_name: string;
  platform: Platform;
  arch: Arch;
  size: number;
  /** releaseDownloadPath(file_name). */
  url: string;
  download_count: number;
}

/** GET /api/releases/history (published versions) and GET /api/admin/releases (every version, with its rollout). */
export interface ReleaseVersionView {
  /** null for a version that has no row yet (published to everyone). */
  id: string | null;
  channel: string;
  version: string;
  /** As written (Markdown). */
  notes: string;
  /** The notes rendered and sanitised by the api: formatting, lists, code and links only. */
  notes_html: string;
  state: ReleaseState;
  rollout_percentage: number;
  rollout_paused: boolean;
  /** ISO 8601: when it was published (or uploaded, for a draft). */
  date: string;
  files: ReleaseFileView[];
}

/** PATCH /api/admin/releases/:id: any of these. */
export interface RolloutChange {
  state?: ReleaseState;
  rollout_percentage?: number;
  rollout_paused?: boolean;
  notes?: string;
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
  badChannel: `Release channel must be ${RELEASE_CHANNELS.join(', ')} or a channel added in the Releases tab, or empty.`,
  badChannelName: 'A channel name is 2 to 10 lowercase letters or digits, starting with a letter (not "latest").',
  channelExists: 'There is a channel with this name already.',
  badPlatform: `Platform must be one of ${PLATFORMS.join(', ')}.`,
  badVersion: "A release's version must be a semantic version such as 1.2.0 or 2.0.0-beta.1: the desktop app's updater reads no other.",
  releaseNotes: 'Release notes',
  checksum: 'SHA-256',
  badPercentage: 'Rollout percentage must be a whole number from 1 to 100.',
  backToDraft: 'A published or pulled version cannot go back to draft: pull it instead.',
  tokenName: 'Give the token a name of 1 to 100 characters, such as "GitHub Actions".',
  tokenNotFound: 'There is no such deploy token.',
  tokenRefused: 'This deploy token is not valid: it may have been revoked. Create a new one in the admin console.',
  badBlockMapSizes: 'block_map_sizes must be a JSON object of file names to their block map sizes in bytes, as latest-linux.yml gives them.',
  publishNoFiles: 'Send at least one file (an installer, update package or block map) after the fields.',
  publishUnknownFile: (name: string) => `${name} is not a file any updater reads: send .exe, .nupkg, RELEASES, .dmg, .zip, .AppImage, .deb or .rpm files and their .blockmap.`,
} as const;

/** Deploy tokens start with this, so a request's token is told from an access token at a glance. */
export const DEPLOY_TOKEN_PREFIX = 'solvr_deploy_';

/** GET /api/admin/deploy-tokens. */
export interface DeployTokenView {
  id: string;
  name: string;
  created_date: string;
  last_used_date: string | null;
  revoked_date: string | null;
}

/** POST /api/admin/deploy-tokens: the token itself, shown this once. */
export interface DeployTokenCreated extends DeployTokenView {
  token: string;
}

/** POST /api/releases/publish (deploy token): what was published. */
export interface PublishedRelease {
  channel: string;
  version: string;
  state: ReleaseState;
  files: { id: string; file_name: string; platform: Platform; arch: Arch; size: number; sha512: string }[];
}

/** The multipart fields of a publish, before its files. */
export const PUBLISH_FIELDS = ['version', 'channel', 'notes', 'draft', 'block_map_sizes'] as const;

/** One day of a version's activity on one platform. */
export interface ReleaseActivityDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** Downloads of its installers (started transfers at /downloads/{name}; see OVERVIEW_TEXTS.downloadDefinition). */
  downloads: number;
  /** Update checks the feeds answered with this version. */
  update_checks: number;
}

/** GET /api/admin/releases/activity?days=30: per version and platform, its days (oldest first, every day listed) and totals. */
export interface ReleaseActivity {
  channel: string;
  version: string;
  platform: Platform;
  days: ReleaseActivityDay[];
  downloads: number;
  update_checks: number;
}

/** "1 download", "1,987 downloads". */
const counted = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

/** The admin console's Releases tab. */
export const RELEASES_ADMIN_TEXTS = {
  tab: 'Releases',
  heading: 'Releases',
  empty: 'No releases yet. Publish one above, or from CI with a deploy token (README: Publishing from CI).',
  loading: 'Loading releases…',
  rollout: 'Rollout',
  percentage: 'Share of installs (%)',
  saveRollout: 'Save rollout',
  pause: 'Pause rollout',
  resume: 'Resume rollout',
  pull: 'Pull this version',
  pullConfirm: (version: string) => `Pull ${version}? Updaters stop getting it, and apps that allow downgrades go back to the version before.`,
  restore: 'Publish again',
  publish: 'Publish',
  states: { draft: 'Draft', published: 'Published', pulled: 'Pulled' } as Record<ReleaseState, string>,
  paused: 'Paused',
  activity: 'Downloads and update checks, last 30 days',
  downloads: 'Downloads',
  updateChecks: 'Update checks',
  tokensHeading: 'Deploy tokens',
  tokensHelp: 'A CI job publishes releases with a deploy token (README: Publishing from CI). The token is shown once.',
  tokenName: 'Token name',
  createToken: 'Create token',
  tokenShownOnce: 'Copy this token now: it is not shown again.',
  revoke: 'Revoke',
  revokeConfirm: (name: string) => `Revoke "${name}"? CI jobs using it can no longer publish.`,
  revoked: 'Revoked',
  lastUsed: 'Last used',
  never: 'Never',
  noTokens: 'No deploy tokens yet.',
  channelsHeading: 'Channels',
  channelsHelp: 'An app on a channel reads its own feed ({channel}.yml at /api/updates/) and also takes newer stable versions.',
  channelName: 'New channel',
  addChannel: 'Add channel',
  channelAdded: (name: string) => `Channel ${name} added: upload or publish to it now.`,
  // The rest of the tab's texts.
  loadFailed: 'The releases could not be loaded.',
  retry: 'Try again',
  failed: 'That did not work. Please try again.',
  date: 'Date',
  rolloutOf: (percentage: number) => `${percentage} % of installs`,
  /** A version with no row yet (ReleaseVersionView.id null): nothing to change. */
  untracked: 'Published to every install before rollouts were kept for it: there is nothing to change here.',
  fileDownloads: (n: number) => counted(n, 'download'),
  pullButton: 'Pull',
  pulling: 'Pulling…',
  activityOf: 'Version and platform',
  activityLabel: (version: string, channel: string, platform: Platform) => `${version} (${channelLabel(channel)}) · ${PLATFORM_LABELS[platform]}`,
  activityTotal: (downloads: number, checks: number) => `${counted(downloads, 'download')} and ${counted(checks, 'update check')} in 30 days`,
  activityEmpty: 'No version has been downloaded or checked for updates yet.',
  activityUnavailable: 'The activity of the releases could not be loaded.',
  tokenCreated: (name: string) => `Deploy token "${name}"`,
  copyToken: 'Copy the deploy token',
  tokenDone: 'Done',
  revokeTitle: 'Revoke deploy token',
  revokeLabel: (name: string) => `Revoke ${name}`,
  revoking: 'Revoking…',
  // Publishing from the console (POST /api/releases/publish with the admin's session).
  publishHeading: 'Publish a version',
  publishHelp: 'Upload every file of one version at once: its installers, update packages and their block maps, as electron-builder leaves them. CI does the same with a deploy token.',
  version: 'Version',
  channel: 'Channel',
  notesHint: 'Markdown. Shown on the download page and in the app when it offers the update.',
  files: 'Files',
  filesHint: '.exe, .nupkg, RELEASES, .dmg, .zip, .AppImage, .deb, .rpm and their .blockmap',
  chosenFiles: (n: number) => (n === 1 ? '1 file chosen' : `${n.toLocaleString('en-US')} files chosen`),
  keepDraft: 'Keep it a draft',
  keepDraftHint: 'No one gets a draft: try its files here, then publish it from its card.',
  saveDraft: 'Save draft',
  publishing: 'Uploading…',
  cancelPublish: 'Cancel upload',
  publishCanceled: 'Upload canceled: nothing was published.',
  noFilesChosen: 'Choose the files of this version.',
  publishCutOff: 'The upload was cut off before the api answered. Check your connection and try again.',
  publishedAs: (version: string, channel: string, state: ReleaseState, files: number) =>
    `${version} (${channelLabel(channel)}) ${state === 'draft' ? 'saved as a draft' : 'published'} with ${files === 1 ? '1 file' : `${files} files`}.`,
} as const;
