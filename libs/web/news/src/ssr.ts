import type { SsrDataSource, SsrHead, SsrQuery } from '@solvr/contracts';
import { newsExcerpt } from '@solvr/contracts';
import { NEWS_PAGE_SIZE, type NewsPageArgs } from './news.api';
import { NEWS_PAGE_PARAM, NEWS_POST_PARAM, newsListPath, newsPostPath, pageFromQuery } from './lib/news-path';

// The server renderer's side of the news hooks: the same endpoints and arguments the hooks ask for, so the browser
// finds in its cache exactly what the server rendered with.

export interface NewsSsrData {
  queries: SsrQuery[];
  head?: Partial<SsrHead>;
  status?: 404;
}

/** What useLatestNews(limit) reads. */
export async function latestNewsSsr(limit: number, source: SsrDataSource): Promise<NewsSsrData> {
  const args: NewsPageArgs = { page: 1, limit };
  return { queries: [{ endpoint: 'publishedNews', args, data: await source.newsList(1, limit) }] };
}

/** What the public news page (PublicNews) reads for its address: one post (?post=) or a page of the list (?page=). */
export async function publicNewsSsr(search: URLSearchParams, product: string, source: SsrDataSource): Promise<NewsSsrData> {
  const slug = search.get(NEWS_POST_PARAM);
  if (slug !== null) {
    const post = slug ? await source.newsPost(slug) : null;
    // No post: null as its data (nothing about it), which useNewsPost reads as not found, so the page says so.
    if (!post) return { queries: [{ endpoint: 'newsPost', args: slug, data: null }], status: 404, head: { canonicalPath: newsPostPath(slug) } };
    return {
      queries: [{ endpoint: 'newsPost', args: slug, data: post }],
      head: { title: `${post.title} | ${product}`, description: newsExcerpt(post), canonicalPath: newsPostPath(post.slug), type: 'article', publishedTime: post.created_date },
    };
  }
  const page = pageFromQuery(search.get(NEWS_PAGE_PARAM));
  const args: NewsPageArgs = { page, limit: NEWS_PAGE_SIZE };
  return { queries: [{ endpoint: 'publishedNews', args, data: await source.newsList(page, NEWS_PAGE_SIZE) }], head: { canonicalPath: newsListPath(page) } };
}
