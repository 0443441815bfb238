import { rcompare, valid } from 'semver';
import { assetKindOf, FEED_EXTENSIONS, stagingPoint, type Arch, type Platform, type ReleaseState } from '@solvr/contracts';
import type { ReleaseFile, ReleaseVersion } from './release.entity';

/** A version of one channel as the feeds see it: its row and files. */
export interface FeedCandidate {
  channel: string;
  version: string;
  state: ReleaseState;
  rolloutPercentage: number;
  rolloutPaused: boolean;
  notes: string;
  date: Date;
  files: ReleaseFile[];
}

/** The channels whose versions a channel's feed offers: its own and stable's (a beta install also takes a newer stable). */
export const channelsSeenBy = (channel: string): string[] => (channel === 'stable' ? ['stable'] : [channel, 'stable']);

/**
 * The files of one platform (and architecture, for Linux's per-architecture feeds) an updater downloads, best first:
 * the extensions the platform's updater reads first (macOS updates from the zip), then any other installer an admin
 * marked for the platform. Block maps and Squirrel.Windows' files are never listed.
 */
export function updaterFiles(files: ReleaseFile[], platform: Platform, arch: Arch | null, extensions = FEED_EXTENSIONS[platform]): ReleaseFile[] {
  const rank = (f: ReleaseFile) => {
    const i = extensions.findIndex((ext) => f.fileName.toLowerCase().endsWith(ext));
    return i < 0 ? extensions.length : i;
  };
  return files
    .filter((f) => f.platform === platform && assetKindOf(f.fileName) === 'installer')
    .filter((f) => !arch || f.arch === arch)
    .sort((a, b) => rank(a) - rank(b) || archRank(a) - archRank(b));
}

/** x64 first, so the top-level path of a Windows or macOS feed is the build older updaters expect. */
const archRank = (f: ReleaseFile) => ['x64', 'universal', 'arm64'].indexOf(f.arch);

/** Release files grouped into versions per channel, each with its version's row (a file without one is left out). */
export function candidatesOf(files: ReleaseFile[], rows: ReleaseVersion[]): FeedCandidate[] {
  const byKey = new Map<string, FeedCandidate>();
  const rowOf = new Map(rows.map((r) => [`${r.channel}\n${r.version}`, r]));
  for (const f of files) {
    const key = `${f.channel}\n${f.version}`;
    const row = rowOf.get(key);
    if (!row || !valid(f.version)) continue;
    let candidate = byKey.get(key);
    if (!candidate) {
      candidate = {
        channel: f.channel,
        version: f.version,
        state: row.state,
        rolloutPercentage: row.rolloutPercentage,
        rolloutPaused: row.rolloutPaused,
        notes: row.notes,
        // A version published before rows kept a date (or moved from the library) is dated by its platform's first file, as it always was.
        date: row.publishedDate ?? f.createdDate,
        files: [],
      };
      byKey.set(key, candidate);
    }
    candidate.files.push(f);
  }
  return [...byKey.values()];
}

/**
 * The version one install is offered: the newest published one (semver order) it may have. A staged version goes
 * to the installs whose staging id falls inside its percentage (the same test electron-updater makes); the others,
 * and everyone while it is paused, get the newest version before it. An install that sends no staging id
 * (undefined) gets the staged version with its stagingPercentage and decides for itself; a client that cannot take
 * part in staging (null: Squirrel) gets fully rolled-out versions only. Drafts and pulled versions go to no one.
 */
export function versionFor(candidates: FeedCandidate[], stagingId?: string | null): FeedCandidate | null {
  const point = stagingId ? stagingPoint(stagingId) : null;
  const published = candidates.filter((c) => c.state === 'published').sort((a, b) => rcompare(a.version, b.version));
  for (const c of published) {
    if (c.rolloutPercentage >= 100) return c;
    if (c.rolloutPaused || stagingId === null) continue;
    if (point === null || point < c.rolloutPercentage) return c;
  }
  return null;
}
