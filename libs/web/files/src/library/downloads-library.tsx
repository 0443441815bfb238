import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS, PORTAL_TEXTS, type FileView } from '@solvr/contracts';
import { Button, EmptyState, SkeletonCard } from '@solvr/web-ui';
import { Input, Label } from '@solvr/web-ui/forms';
import { useLibraryFilesQuery } from '../files.api';
import { buyErrorText, useCheckout } from './buy';
import { FileCard } from './file-card';
import { LibraryStats } from './library-stats';
import { LoadFailed } from './load-failed';
import { ALL_TYPES, DEFAULT_LIBRARY_SORT, indexLibrary, isFiltering, libraryTypes, queryLibrary, type LibrarySort } from './library-query';
import { downloadErrorText, useDownloadLink, useFileActions } from './use-download';

const T = PORTAL_TEXTS.downloads;

/** Cards rendered at first, and added by each 'Show more'. */
export const LIBRARY_PAGE_SIZE = 48;

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
 * cards and their empty and loading states. Renders LIBRARY_PAGE_SIZE cards at a time ('Show more' adds as many).
 */
export function DownloadsLibrary({ onBuy, desktopApp }: DownloadsLibraryProps) {
  const id = useId();
  const files = useLibraryFilesQuery();
  const { run, pending, failure } = useFileActions();
  const goToLink = useDownloadLink();
  const checkout = useCheckout();
  const buy = onBuy ?? checkout;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LibrarySort>(DEFAULT_LIBRARY_SORT);
  const [chosenType, setChosenType] = useState(ALL_TYPES);
  const [limit, setLimit] = useState(LIBRARY_PAGE_SIZE);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  // Typing stays responsive with 10,000 files: the list follows the search a moment later.
  const deferredSearch = useDeferredValue(search);
  const entries = useMemo(() => indexLibrary(files.data ?? []), [files.data]);
  const types = useMemo(() => libraryTypes(entries), [entries]);
  // A type that left the list (after a refresh) filters no more.
  const type = types.includes(chosenType) ? chosenType : ALL_TYPES;
  const visible = useMemo(() => queryLibrary(entries, { search: deferredSearch, sort, type }), [entries, deferredSearch, sort, type]);
  const shown = visible.slice(0, limit);

  // After 'Show more', the keyboard focus goes to the first new card's name, so it continues where the list grew.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.fl-card-title')[index]?.focus();
  }, [limit]);

  const filterChanged = () => setLimit(LIBRARY_PAGE_SIZE);
  const showMore = () => {
    focusIndex.current = shown.length;
    setLimit((n) => n + LIBRARY_PAGE_SIZE);
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
  } else if (visible.length === 0) {
    body = <EmptyState title={T.empty} description={isFiltering({ search: deferredSearch, type }) ? T.emptyFiltered : T.emptyNone} />;
  } else {
    body = (
      <>
        <ul className="fl-grid fl-list" ref={listRef}>
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
        {shown.length < visible.length && (
          <div className="fl-more">
            <Button variant="outline" onClick={showMore}>
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
              onChange={(e) => {
                setSearch(e.target.value);
                filterChanged();
              }}
            />
          </div>
          <div className="fl-toolbar-select">
            <Label htmlFor={`${id}-sort`}>{T.sortLabel}</Label>
            <select
              id={`${id}-sort`}
              className="ui-input fl-select"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as LibrarySort);
                filterChanged();
              }}
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
              onChange={(e) => {
                setChosenType(e.target.value);
                filterChanged();
              }}
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
        <p className={visible.length > 0 ? 'fl-count' : 'ui-sr-only'} role="status" aria-live="polite">
          {files.isLoading ? T.loading : files.data ? T.showing(shown.length, entries.length) : ''}
        </p>
        {body}
      </section>
    </div>
  );
}
