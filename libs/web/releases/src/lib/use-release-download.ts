import { useCallback } from 'react';
import { browserNavigation, downloadErrorText, useFileActions, type DownloadFailure } from '@solvr/web-files';

export interface UseReleaseDownload {
  /** Sends the browser to the release's /downloads/ URL, which counts the download: there is no link to ask for. */
  download(release: { id: string; url: string }): Promise<void>;
  pending: ReadonlySet<string>;
  failure: DownloadFailure | null;
}

/** The Dashboard's and download page's Download: the desktop app is a release, served by name, not a library file. */
export function useReleaseDownload(): UseReleaseDownload {
  const { run, pending, failure } = useFileActions();
  const download = useCallback((release: { id: string; url: string }) => run(release.id, async () => browserNavigation.assign(release.url), downloadErrorText), [run]);
  return { download, pending, failure };
}
