import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useSearch, useSearchParams } from 'wouter';
import { MARKETING_TEXTS } from '@solvr/contracts';
import { useBrand } from '@solvr/web-data';
import { NewsList } from './news-list';
import { NEWS_PAGE_PARAM, NEWS_POST_PARAM, pageFromQuery } from './news-path';
import { NewsPostView } from './news-post-view';
import { useNewsPage, useNewsPost } from './use-news';

const T = MARKETING_TEXTS.news;

type OnReady = () => void;

/**
 * Moving between posts and pages keeps the path (/NewsPage), so the shell does not move the focus to the new
 * heading: this does, once the section that replaced the old one is ready.
 */
function useHeadingFocusOnQueryChange(search: string, root: RefObject<HTMLElement | null>): OnReady {
  const pending = useRef(false);
  const last = useRef(search);
  // A layout effect: it runs before the sections' (passive) effects that report they are ready.
  useLayoutEffect(() => {
    if (search === last.current) return;
    last.current = search;
    pending.current = true;
  }, [search]);
  return useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    root.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [root]);
}

/** All published posts, newest first, a page at a time (/NewsPage, /NewsPage?page=2, …). */
function AllNews({ page, title, onReady }: { page: number; title: string; onReady: OnReady }) {
  const brand = useBrand();
  const news = useNewsPage(page);
  useEffect(() => onReady(), [onReady, page]);
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      <NewsList posts={news.posts} loading={news.loading} teamName={brand.team} page={news.page} pages={news.pages} />
    </>
  );
}

/** One post on its shareable address (/NewsPage?post={slug}); the browser tab reads its title. */
function OnePost({ slug, title, onReady }: { slug: string; title: string; onReady: OnReady }) {
  const brand = useBrand();
  const state = useNewsPost(slug);
  const heading = state.status === 'found' ? state.post.title : state.status === 'not-found' ? T.notFoundTitle : null;
  useEffect(() => {
    if (state.status !== 'loading') onReady();
  }, [onReady, state.status, slug]);
  useEffect(() => {
    if (heading === null) return;
    const previous = document.title;
    document.title = `${heading} | ${brand.product}`;
    return () => {
      document.title = previous;
    };
  }, [heading, brand.product]);
  return <NewsPostView state={state} teamName={brand.team} pageTitle={title} />;
}

export interface PublicNewsProps {
  /** The list's heading (spec: 'Latest News & Updates'). */
  title?: string;
}

/**
 * The public news page's content (spec section 2), driven by the address: ?post={slug} shows that post, else the
 * published posts newest first with ?page=n. Fetches through the hooks and renders with the presentational parts.
 */
export function PublicNews({ title = T.title }: PublicNewsProps) {
  const [params] = useSearchParams();
  const search = useSearch();
  const root = useRef<HTMLDivElement>(null);
  const onReady = useHeadingFocusOnQueryChange(search, root);
  const slug = params.get(NEWS_POST_PARAM);
  return (
    <div ref={root} className="nw-page">
      {slug !== null ? (
        <OnePost slug={slug} title={title} onReady={onReady} />
      ) : (
        <AllNews page={pageFromQuery(params.get(NEWS_PAGE_PARAM))} title={title} onReady={onReady} />
      )}
    </div>
  );
}
