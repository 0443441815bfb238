import { useEffect, useRef, useState } from 'react';
import { LIMITS, NEWS_LIMITS, type NewsView } from '@solvr/contracts';
import { Button, EmptyState, SkeletonCard } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { Pager } from '../lib/pager';
import { NewsAdminCard } from './news-admin-card';
import { useAdminNewsQuery } from './news-admin.api';
import { NewsFormDialog } from './news-form-dialog';
import { NEWS_ADMIN_TEXTS as T } from './texts';

/** Posts per page of the admin list (the api's largest page). */
export const ADMIN_NEWS_PAGE_SIZE = NEWS_LIMITS.pageSize;

type DialogState = { mode: 'add' } | { mode: 'edit'; post: NewsView } | null;

/**
 * The admin console's News tab (spec section 2): 'News Management', Add News, and every post newest first, drafts
 * included, with its badges, publish switch, Edit and Delete.
 */
export function NewsAdminTab() {
  const brand = useBrand();
  const [page, setPage] = useState(1);
  const { currentData, error, isFetching } = useAdminNewsQuery({ page, limit: ADMIN_NEWS_PAGE_SIZE });
  const [dialog, setDialog] = useState<DialogState>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // Spec section 8: a failed load is logged only; the tab shows its empty state.
  useEffect(() => {
    if (error) console.error('Could not load the news posts', error);
  }, [error]);

  const posts = currentData?.items ?? (error ? [] : undefined);
  const total = currentData?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_NEWS_PAGE_SIZE));

  // The last post of a page was deleted: show the page before.
  useEffect(() => {
    if (currentData && currentData.items.length === 0 && page > 1) setPage((p) => Math.min(p - 1, pages));
  }, [currentData, page, pages]);

  // A deleted post's card takes the focus with it: give it to Add News instead.
  useEffect(() => {
    if (!refocus.current) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) {
      refocus.current = false;
      addButton.current?.focus();
    }
  }, [currentData]);

  return (
    <section className="nwa-tab" aria-labelledby="admin-news-heading">
      <div className="nwa-tab-head">
        <h2 id="admin-news-heading" className="nwa-tab-title">
          {T.management}
        </h2>
        <Button ref={addButton} onClick={() => setDialog({ mode: 'add' })}>
          {T.add}
        </Button>
      </div>
      {!posts ? (
        <div className="nwa-list" aria-busy="true">
          {Array.from({ length: LIMITS.skeletons.admin }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : posts.length === 0 ? (
        <EmptyState title={T.emptyTitle} description={T.emptyBody} />
      ) : (
        <ul className="nwa-list" aria-label={T.posts} aria-busy={isFetching || undefined}>
          {posts.map((post) => (
            <li key={post.id}>
              <NewsAdminCard
                post={post}
                teamName={brand.team}
                onEdit={(p) => setDialog({ mode: 'edit', post: p })}
                onDeleted={() => (refocus.current = true)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label={T.pagesLabel} onPage={setPage} />
      {dialog && <NewsFormDialog key={dialog.mode === 'edit' ? dialog.post.id : 'add'} post={dialog.mode === 'edit' ? dialog.post : undefined} onClose={() => setDialog(null)} />}
    </section>
  );
}
