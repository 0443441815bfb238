import type { NewsList, NewsView } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** Default and largest page of GET /api/news (the api caps limit at 50). */
export const NEWS_PAGE_SIZE = 10;

export interface NewsPageArgs {
  page: number;
  limit: number;
}

/**
 * The public news endpoints: published posts only, newest first. Everything is tagged 'News', so a save in the
 * admin console (which invalidates the tag) refreshes whatever news a page shows.
 */
export const newsApi = api.enhanceEndpoints({ addTagTypes: ['News'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/news?page&limit. */
    publishedNews: build.query<NewsList, NewsPageArgs>({
      query: ({ page, limit }) => ({ url: '/news', params: { page, limit } }),
      providesTags: ['News'],
    }),
    /** GET /api/news/:ref (slug or id); 404 for drafts and unknown posts. */
    newsPost: build.query<NewsView, string>({
      query: (ref) => `/news/${encodeURIComponent(ref)}`,
      providesTags: ['News'],
    }),
  }),
});

export const { usePublishedNewsQuery, useNewsPostQuery } = newsApi;
