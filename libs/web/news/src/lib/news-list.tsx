import { LIMITS, MARKETING_TEXTS, type NewsView } from '@solvr/contracts';
import { NewsArticle } from './news-article';
import { newsListPath } from './news-path';
import { Pager } from './pager';
import { NewsEmpty, NewsSkeletons } from './parts';

export interface NewsListProps {
  /** This page's posts, newest first; undefined (or loading) shows the placeholders. */
  posts: readonly NewsView[] | undefined;
  loading?: boolean;
  teamName: string;
  /** The page shown (1 = newest) and how many there are. */
  page?: number;
  pages?: number;
  /** The address of a page (default /NewsPage?page=n). */
  hrefFor?: (page: number) => string;
  timeZone?: string;
}

/** The public news page's list (spec section 2): 3 placeholders while loading, the posts with paging, or the empty state. */
export function NewsList({ posts, loading = false, teamName, page = 1, pages = 1, hrefFor = newsListPath, timeZone }: NewsListProps) {
  if (loading || !posts) return <NewsSkeletons count={LIMITS.skeletons.news} lines={5} className="nw-stack" />;
  return (
    <>
      {posts.length === 0 ? (
        <NewsEmpty title={MARKETING_TEXTS.noNews.title} description={MARKETING_TEXTS.noNews.description} headingLevel="h2" />
      ) : (
        <ul className="nw-stack nw-plain-list">
          {posts.map((post) => (
            <li key={post.id}>
              <NewsArticle post={post} teamName={teamName} linkTitle timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
