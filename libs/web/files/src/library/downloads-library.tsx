import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_LIBRARY_SORT, LIMITS, PORTAL_TEXTS, type FileView, type LibrarySort } from '@solvr/contracts';
import { Button, EmptyState, SkeletonCard } from '@solvr/web-ui';
import { Input, Label, useDebounced } from '@solvr/web-ui/forms';
import { useLibraryFilesInfiniteQuery, useLibrarySummaryQuery } from '../files.api';
import { buyErrorText, useCheckout } from './buy';
import { FileCard } from './file-card';
import { LibraryStats } from './library-stats';
import { LoadFailed } from './load-failed';
import { downloadErrorText, useDownloadLink, useFileActions } from './use-download';

const T = PORTAL_TEXTS.downloads;

/** The type filter's value for 'All Types'. */
const ALL_TYPES = '';
/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

const SORT_LABELS: Record<LibrarySort, string> = {
  newest: T.sortNewest,
  oldest: T.sortOldest,
  name: T.sortName,
  popular: T.sortPopular,
};

export interface DownloadsLibraryProps {
  /** What Buy does (default: the checkout, see useCheckout); a rejection shows the api's sentence on the card. */
  onBuy?: (file: FileView) => void | Promise<void>;
  /** Shown above the files: the desktop app's entries (@solvr/web-releases' DesktopAppEntries), which are no files. */
  desktopApp?: ReactNode;
}

/**
 * The Downloads library page (spec section 2): heading, four stat cards, search, sort and type filter, the file
 * cards and their empty and loading states. The api searches, filters, sorts and pages (LIBRARY_PAGE_SIZE cards a
 * page, 'Show more' reads the next), so a library of 10,000 files costs the browser what one page does.
 */
export function DownloadsLibrary({ onBuy, desktopApp }: DownloadsLibraryProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LibrarySort>(DEFAULT_LIBRARY_SORT);
  const [chosenType, setChosenType] = useState(ALL_TYPES);
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // The counts and the type filter's choices, shared with the stat cards (one request).
  const { data: summary } = useLibrarySummaryQuery();
  const types = summary?.types ?? [];
  // A type that left the library (after a refresh) filters no more.
  const type = !summary || types.includes(chosenType) ? chosenType : ALL_TYPES;
  const files = useLibraryFilesInfiniteQuery({ search: settledSearch, sort, type });
  const { run, pending, failure } = useFileActions();
  const goToLink = useDownloadLink();
  const checkout = useCheckout();
  const buy = onBuy ?? checkout;
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  const shown = files.data?.pages.flatMap((page) => page.files) ?? [];
  // After 'Show more', the keyboard focus goes to the first new card's name, so it continues where the list grew.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= shown.length) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.fl-card-title')[index]?.focus();
  }, [shown.length]);

  const showMore = () => {
    focusIndex.current = shown.length;
    void files.fetchNextPage();
  };
  const onDownload = useCallback((fileId: string) => void run(fileId, () => goToLink(fileId), downloadErrorText), [run, goToLink]);
  const onBuyFile = useCallback((file: FileView) => void run(file.id, async () => buy(file), buyErrorText), [run, buy]);

  let body;
  if (files.isLoading) {
    body = (
      <div className="fl-grid" aria-hidden="true">
        {Array.from({ length: LIMITS.skeletons.downloads }, (_, i) => (
          <SkeletonCard key={i} lines={4} />
        ))}
      </div>
    );
  } else if (files.isError && !files.data) {
    body = <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void files.refetch()} />;
  } else if (shown.length === 0) {
    body = <EmptyState title={T.empty} description={settledSearch || type !== ALL_TYPES ? T.emptyFiltered : T.emptyNone} />;
  } else {
    body = (
      <>
        <ul className="fl-grid fl-list" ref={listRef} aria-busy={files.isFetching}>
          {shown.map((file) => (
            <li key={file.id}>
              <FileCard
                file={file}
                onDownload={onDownload}
                onBuy={onBuyFile}
                pending={pending.has(file.id)}
                error={failure?.id === file.id ? failure.message : null}
              />
            </li>
          ))}
        </ul>
        {files.hasNextPage && (
          <div className="fl-more">
            <Button variant="outline" loading={files.isFetchingNextPage} onClick={showMore}>
              {T.showMore}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="fl-page">
      <div className="fl-heading">
        <h1>{T.title}</h1>
        <p className="fl-muted">{T.subtitle}</p>
      </div>
      <LibraryStats />
      {desktopApp}
      <section aria-labelledby={`${id}-list`} className="fl-library">
        <h2 id={`${id}-list`} className="ui-sr-only">
          {T.listHeading}
        </h2>
        <div className="fl-toolbar" role="search">
          <div className="fl-toolbar-search">
            <Label htmlFor={`${id}-search`} className="ui-sr-only">
              {T.searchLabel}
            </Label>
            <Input
              id={`${id}-search`}
              type="search"
              placeholder={T.searchPlaceholder}
              value={search}
              autoComplete="off"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="fl-toolbar-select">
            <Label htmlFor={`${id}-sort`}>{T.sortLabel}</Label>
            <select
              id={`${id}-sort`}
              className="ui-input fl-select"
              value={sort}
              onChange={(e) => setSort(e.target.value as LibrarySort)}
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="fl-toolbar-select">
            <Label htmlFor={`${id}-type`}>{T.typeLabel}</Label>
            <select
              id={`${id}-type`}
              className="ui-input fl-select"
              value={type}
              onChange={(e) => setChosenType(e.target.value)}
            >
              <option value={ALL_TYPES}>{T.allTypes}</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className={shown.length > 0 ? 'fl-count' : 'ui-sr-only'} role="status" aria-live="polite">
          {files.isLoading ? T.loading : files.data && summary ? T.showing(shown.length, Math.max(summary.total_files, shown.length)) : ''}
        </p>
        {body}
      </section>
    </div>
  );
}
