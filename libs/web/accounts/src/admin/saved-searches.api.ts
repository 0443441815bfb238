import type { SavedUserSearch, SavedUserSearchRequest } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/**
 * Saved searches of the Users tab (the users feature's), picked as a segment in the Email Center. The tag is
 * shared with the Email Center's segment list, so a search saved here is offered there at once.
 */
export const savedSearchesApi = api.enhanceEndpoints({ addTagTypes: ['SavedSearches'] }).injectEndpoints({
  endpoints: (build) => ({
    savedSearches: build.query<SavedUserSearch[], void>({ query: () => '/admin/saved-searches', providesTags: ['SavedSearches'] }),
    saveSearch: build.mutation<SavedUserSearch, SavedUserSearchRequest>({
      query: (body) => ({ url: '/admin/saved-searches', method: 'POST', body }),
      invalidatesTags: ['SavedSearches'],
    }),
    deleteSavedSearch: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/saved-searches/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['SavedSearches'],
    }),
  }),
});

export const { useSavedSearchesQuery, useSaveSearchMutation, useDeleteSavedSearchMutation } = savedSearchesApi;
