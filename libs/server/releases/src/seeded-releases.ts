import { DEFAULT_BRAND, type Platform, type ReleaseChannel } from '@solvr/contracts';
import { digestsOf, placeholderArchive, type Digests } from './placeholder-archive';

export interface SeededRelease {
  id: string;
  channel: ReleaseChannel;
  platform: Platform;
  name: string;
  version: string;
  fileName: string;
  storageKey: string;
  /** Spec section 9: the counts the original site showed, kept as the starting counts. */
  downloadCount: number;
  releaseNotes: string;
}

/**
 * Spec section 2, Dashboard: the two entries a new site starts with (Installer v1.0.20 .ZIP and Beta v0.99, whose
 * version is written 0.99.0: the update feed publishes it, and electron-updater reads semantic versions only).
 */
export const SEEDED_RELEASES: readonly SeededRelease[] = [
  {
    id: '5e1ea5e0-0000-4000-8000-000000010020',
    channel: 'stable',
    platform: 'windows',
    name: 'Installer',
    version: '1.0.20',
    fileName: `${DEFAULT_BRAND.product}-Setup-1.0.20.zip`,
    storageKey: 'releases/seed-stable-1.0.20-b.zip',
    downloadCount: 1987,
    releaseNotes: 'The launch release for Windows: solve coding questions with the overlay, in every supported language.',
  },
  {
    id: '5e1ea5e0-0000-4000-8000-000000000099',
    channel: 'beta',
    platform: 'windows',
    name: 'Beta',
    version: '0.99.0',
    // The download name sites already link to stays; the bytes (their text names the version) have a new key.
    fileName: `${DEFAULT_BRAND.product}-Setup-0.99-beta.zip`,
    storageKey: 'releases/seed-beta-0.99.0-b.zip',
    downloadCount: 14768,
    releaseNotes: 'The beta channel: new features before they reach the stable release.',
  },
];

/** Every seeded release's bytes are stored under this prefix; an upload's never are (their keys are files/{uuid}). */
export const SEEDED_KEY_PREFIX = 'releases/seed-';

/**
 * Whether a file is a seeded placeholder (its bytes a README archive), not an installer an admin uploaded. Known by
 * where its bytes are: a file's bytes are never replaced, so a seeded row stays a placeholder whatever is edited.
 */
export const isSeededPlaceholder = (file: { storageKey: string }): boolean => file.storageKey.startsWith(SEEDED_KEY_PREFIX);

/** The placeholder bytes of a seeded release, the same on every site and start. */
export function seededBytes(seed: SeededRelease): Buffer {
  return placeholderArchive(
    'README.txt',
    `${DEFAULT_BRAND.product} ${seed.name} v${seed.version}\r\n\r\n` +
      'This archive stands in for the installer until an administrator uploads the real one.\r\n',
  );
}

export const seededDigests = (seed: SeededRelease): Digests => digestsOf(seededBytes(seed));
