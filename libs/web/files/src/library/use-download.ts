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

export interface FileActions {
  /** Runs `work` for the file once at a time; a failure becomes `failure` with errorText's sentence. */
  run(id: string, work: () => Promise<void>, errorText: (error: unknown) => string): Promise<void>;
  /** Ids whose action is under way. */
  pending: ReadonlySet<string>;
  /** The last failure, until the next action starts. */
  failure: DownloadFailure | null;
}

/**
 * The per-file bookkeeping of a list's buttons (the cards get `pending` and `failure` as plain props): one action per
 * file at a time, and only the last failure shown. Download and Buy share it, so a card shows one state.
 */
export function useFileActions(): FileActions {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  const running = useRef(new Set<string>());

  const run = useCallback(async (id: string, work: () => Promise<void>, errorText: (error: unknown) => string) => {
    if (running.current.has(id)) return;
    running.current.add(id);
    setPending(new Set(running.current));
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure({ id, message: errorText(error) });
    } finally {
      running.current.delete(id);
      setPending(new Set(running.current));
    }
  }, []);

  return { run, pending, failure };
}

/** Asks for a file's download link (counting the download) and sends the browser to it; throws the api's error. */
export function useDownloadLink(): (id: string) => Promise<void> {
  const [startDownload] = useStartDownloadMutation();
  return useCallback(
    async (id: string) => {
      const link = await startDownload(id).unwrap();
      browserNavigation.assign(link.url);
    },
    [startDownload],
  );
}

/**
 * One download handler for a whole list. The mutation raises the file's count in the cached list and refetches the
 * summary, releases and account, so the counts on the page refresh.
 */
export function useDownload(): UseDownload {
  const { run, pending, failure } = useFileActions();
  const goToLink = useDownloadLink();
  const download = useCallback((id: string) => run(id, () => goToLink(id), downloadErrorText), [run, goToLink]);
  return { download, pending, failure };
}
