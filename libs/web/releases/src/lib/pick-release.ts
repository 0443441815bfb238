import { detectPlatform, PLATFORMS, RELEASE_CHANNELS, type Platform, type ReleaseChannel, type ReleaseView } from '@solvr/contracts';

/** The visitor's operating system (null on phones and unknown systems). */
export function visitorPlatform(): Platform | null {
  if (typeof navigator === 'undefined') return null;
  return detectPlatform(navigator.userAgent ?? '', navigator.platform ?? '');
}

/** The newest release of a channel for a platform (the api sends one each; the newest wins if it ever sends more). */
export function latestRelease(releases: readonly ReleaseView[], channel: ReleaseChannel, platform: Platform): ReleaseView | undefined {
  let best: ReleaseView | undefined;
  for (const r of releases) {
    if (r.channel !== channel || r.platform !== platform) continue;
    if (!best || Date.parse(r.created_date) > Date.parse(best.created_date)) best = r;
  }
  return best;
}

/**
 * The Dashboard's downloads: the latest release of each channel (stable first), for the visitor's platform when it
 * has one, else Windows, else any other platform.
 */
export function preferredReleases(releases: readonly ReleaseView[], preferred: Platform | null): ReleaseView[] {
  const order = [...new Set<Platform>([...(preferred ? [preferred] : []), 'windows', ...PLATFORMS])];
  const picked: ReleaseView[] = [];
  for (const channel of RELEASE_CHANNELS) {
    for (const platform of order) {
      const release = latestRelease(releases, channel, platform);
      if (release) {
        picked.push(release);
        break;
      }
    }
  }
  return picked;
}
