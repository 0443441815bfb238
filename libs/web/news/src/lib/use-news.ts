import { useEffect } from 'react';
import { LIMITS, type NewsView } from '@solvr/contracts';
import { skipToken } from '@solvr/web-data';
import { NEWS_PAGE_SIZE, useNewsPostQuery, usePublishedNewsQuery } from '../news.api';

// The data side of the public news: these hooks fetch; the components in this folder only render what they are
// given, so a server renderer can call them with the same data.

/** Spec section 8: news load failures are logged only; the screen falls back to its empty state. */
function useLogged(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);
}

export interface LatestNews {
  /** Newest first; undefined while loading. Empty when there are none, or when they could not be loaded. */
  posts: NewsView[] | undefined;
  loading: boolean;
}

/** The newest published posts (Landing: 3, spec section 7). */
export function useLatestNews(limit: number = LIMITS.landingNewsCount): LatestNews {
  const { currentData, error, isFetching } = usePublishedNewsQuery({ page: 1, limit });
  useLogged(error, 'Could not load the latest news');
  const posts = currentData?.items ?? (error ? [] : undefined);
  return { posts, loading: !posts && isFetching };
}

export interface NewsPage extends LatestNews {
  /** The page shown (1 = newest). */
  page: number;
  /** How many pages there are (at least 1 once loaded). */
  pages: number;
  total: number;
}

/** One page of the published posts, newest first (the public news page). */
export function useNewsPage(page: number, limit: number = NEWS_PAGE_SIZE): NewsPage {
  const { currentData, error, isFetching } = usePublishedNewsQuery({ page, limit });
  useLogged(error, 'Could not load the news');
  const posts = currentData?.items ?? (error ? [] : undefined);
  const total = currentData?.total ?? 0;
  return { posts, loading: !posts && isFetching, page, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

export type NewsPostState =
  | { status: 'loading' }
  | { status: 'found'; post: NewsView }
  /** 404: a draft or a post that does not exist. */
  | { status: 'not-found' }
  | { status: 'failed' };

/** One published post by its slug (or id): GET /api/news/:ref. Data null: the server renderer found no such post. */
export function useNewsPost(slug: string | null | undefined): NewsPostState {
  const { currentData, error } = useNewsPostQuery(slug ? slug : skipToken);
  const status = (error as { status?: unknown } | undefined)?.status;
  useLogged(error && status !== 404 ? error : undefined, 'Could not load the news post');
  if (!slug || status === 404 || (currentData as NewsView | null | undefined) === null) return { status: 'not-found' };
  if (error) return { status: 'failed' };
  return currentData ? { status: 'found', post: currentData } : { status: 'loading' };
}
