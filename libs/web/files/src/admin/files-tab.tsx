import { useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_FILES_TEXTS as T, LIMITS, type AdminFileView } from '@solvr/contracts';
import { EmptyState, SkeletonCard } from '@solvr/web-ui';
import { Input } from '@solvr/web-ui/forms';
import { useAdminFilesQuery } from './files-admin.api';
import { FileCard } from './file-card';

/** Spec section 2: the search matches name or description, case-insensitive. */
export function searchFiles(files: readonly AdminFileView[], query: string): AdminFileView[] {
  const q = query.trim().toLowerCase();
  const matching = q ? files.filter((f) => f.name.toLowerCase().includes(q) || f.description.toLowerCase().includes(q)) : [...files];
  return matching.sort((a, b) => Date.parse(b.created_date) - Date.parse(a.created_date));
}

/** The admin console's Files tab: every file, newest first, with a search box. */
export function FilesTab() {
  const { data, isLoading, error } = useAdminFilesQuery();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const shown = useMemo(() => searchFiles(data ?? [], query), [data, query]);

  // Spec section 8: a failed load is logged only; the tab shows its empty state.
  useEffect(() => {
    if (error) console.error('Could not load the files', error);
  }, [error]);

  // A deleted file's card takes the focus with it: give it to the search box instead.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) search.current?.focus();
  }, [data]);

  return (
    <section className="fa-files" aria-labelledby="admin-files-heading">
      <h2 id="admin-files-heading" className="ui-sr-only">
        {T.heading}
      </h2>
      <Input
        ref={search}
        type="search"
        className="fa-search"
        placeholder={T.searchPlaceholder}
        aria-label={T.searchLabel}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {isLoading ? (
        <div className="fa-file-list" aria-busy="true">
          {Array.from({ length: LIMITS.skeletons.admin }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState title={T.empty} description={query.trim() ? T.emptySearching : T.emptyNone} />
      ) : (
        <ul className="fa-file-list">
          {shown.map((file) => (
            <li key={file.id}>
              <FileCard file={file} onDeleted={() => (refocus.current = true)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
