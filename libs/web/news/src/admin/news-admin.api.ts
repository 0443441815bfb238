import type { NewsFlags, NewsInput, NewsList, NewsView } from '@solvr/contracts';
import { api } from '@solvr/web-data';

export interface AdminNewsArgs {
  page: number;
  limit: number;
}

/** The admin console's news endpoints; every post, drafts included, newest first. Same 'News' tag as the public side. */
export const newsAdminApi = api.enhanceEndpoints({ addTagTypes: ['News'] }).injectEndpoints({
  endpoints: (build) => ({
    adminNews: build.query<NewsList, AdminNewsArgs>({
      query: ({ page, limit }) => ({ url: '/admin/news', params: { page, limit } }),
      providesTags: ['News'],
    }),
    /**
     * POST and PUT do not invalidate the list themselves: spec section 4 refreshes it when the dialog closes, one
     * second after the success message (the dialog dispatches the invalidation).
     */
    createNews: build.mutation<NewsView, NewsInput>({
      query: (body) => ({ url: '/admin/news', method: 'POST', body }),
    }),
    updateNews: build.mutation<NewsView, { id: string } & NewsInput>({
      query: ({ id, ...body }) => ({ url: `/admin/news/${encodeURIComponent(id)}`, method: 'PUT', body }),
    }),
    /** The publish toggle: the list shows the new state at once, and goes back if the api refuses. */
    setNewsFlags: build.mutation<NewsView, { id: string } & NewsFlags>({
      query: ({ id, ...body }) => ({ url: `/admin/news/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      async onQueryStarted({ id, ...flags }, { dispatch, getState, queryFulfilled }) {
        const patches = newsAdminApi.util.selectCachedArgsForQuery(getState(), 'adminNews').map((args) =>
          dispatch(
            newsAdminApi.util.updateQueryData('adminNews', args, (list) => {
              const post = list.items.find((p) => p.id === id);
              if (post) Object.assign(post, flags);
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['News']),
    }),
    deleteNews: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/news/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['News']),
    }),
  }),
});

export const { useAdminNewsQuery, useCreateNewsMutation, useUpdateNewsMutation, useSetNewsFlagsMutation, useDeleteNewsMutation } = newsAdminApi;
