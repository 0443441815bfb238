import { useCallback, useRef, useState } from 'react';
import { FILE_TEXTS } from '@solvr/contracts';
import { useStartDownloadMutation } from '../files.api';

/**
 * Where a download goes once the api answered its link. The server sends the bytes as an attachment, so the page
 * stays where it is. An object, so tests can replace `assign` (jsdom cannot navigate).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Spec section 8: 403 is "You don't have access to this file."; anything else 'Download failed. Please try again.' */
export function downloadErrorText(error: unknown): string {
  return (error as { status?: unknown } | undefined)?.status === 403 ? FILE_TEXTS.noAccess : FILE_TEXTS.downloadFailed;
}

export interface DownloadFailure {
  /** The file (or release) whose download failed. */
  id: string;
  message: string;
}

export interface UseDownload {
  /** Counts the download (POST /api/files/:id/download), then sends the browser to the link. */
  download(id: string): Promise<void>;
  /** Ids whose link is being asked for. */
  pending: ReadonlySet<string>;
  /** The last failure, until the next download starts. */
  failure: DownloadFailure | null;
}

/**
 * One download handler for a whole list (the cards get `pending` and `failure` as plain props). The mutation
 * raises the file's count in the cached list and refetches the summary, releases and account, so the counts on the page refresh.
 */
export function useDownload(): UseDownload {
  const [startDownload] = useStartDownloadMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  const running = useRef(new Set<string>());

  const download = useCallback(
    async (id: string) => {
      if (running.current.has(id)) return;
      running.current.add(id);
      setPending(new Set(running.current));
      setFailure(null);
      try {
        const link = await startDownload(id).unwrap();
        browserNavigation.assign(link.url);
      } catch (error) {
        setFailure({ id, message: downloadErrorText(error) });
      } finally {
        running.current.delete(id);
        setPending(new Set(running.current));
      }
    },
    [startDownload],
  );

  return { download, pending, failure };
}
