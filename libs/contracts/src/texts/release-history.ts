// Its own module: the route table names the page by this title, and every page loads the route table, so it must
// not bring the rest of the releases contract (semver rules, admin texts) along.
/** The public release history page. */
export const RELEASE_HISTORY_TEXTS = {
  title: 'Release history',
  intro: 'Every version of the desktop app, newest first.',
  empty: 'No releases have been published yet.',
  loading: 'Loading releases…',
  files: 'Downloads',
  /** A version's heading, e.g. "Solvr 2.0.0". */
  version: (product: string, version: string) => `${product} ${version}`,
  loadFailed: 'The release history could not be loaded.',
  retry: 'Try again',
} as const;
