import { pathTo } from '@solvr/contracts';

/** The query parameter of the news page that names one post (the route table picks pages by the last segment). */
export const NEWS_POST_PARAM = 'post';
/** The query parameter of the news page's page number (1 is the newest posts and is left out of the address). */
export const NEWS_PAGE_PARAM = 'page';

/** A post's shareable address: /NewsPage?post={slug}. */
export function newsPostPath(slug: string): string {
  return `${pathTo('NewsPage')}?${new URLSearchParams({ [NEWS_POST_PARAM]: slug })}`;
}

/** The address of one page of the news list: /NewsPage, /NewsPage?page=2, … */
export function newsListPath(page = 1): string {
  return page > 1 ? `${pathTo('NewsPage')}?${new URLSearchParams({ [NEWS_PAGE_PARAM]: String(page) })}` : pathTo('NewsPage');
}

/** The page number in a news page address: a positive integer, else 1. */
export function pageFromQuery(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
