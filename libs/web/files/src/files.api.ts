import { LIBRARY_PAGE_SIZE, type CheckoutStart, type CheckoutStatus, type DownloadLink, type FileView, type LibraryPage, type LibrarySort, type LibrarySummary } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** What the library lists: the search text as typed (the api ignores case), the order, and a type label or '' for All Types. */
export interface LibraryArg {
  search: string;
  sort: LibrarySort;
  type: string;
}

/**
 * The signed-in user's file endpoints (library, dashboard), injected into the shell's one api.
 * 'Files' (the list and its summary) is refetched after admin changes (see ./admin). A download only raises
 * counts: the loaded pages are patched in place and the small answers ('FilesSummary', 'Me') are refetched.
 */
export const filesApi = api.enhanceEndpoints({ addTagTypes: ['Files', 'FilesSummary', 'Me'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/files: pages of what the caller may see, searched, filtered and sorted on the server; 'Show more' reads the next. */
    libraryFiles: build.infiniteQuery<LibraryPage, LibraryArg, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.next },
      query: ({ queryArg: { search, sort, type }, pageParam }) => ({
        url: '/files',
        params: { ...(search.trim() ? { search: search.trim() } : {}), sort, ...(type ? { type } : {}), ...(pageParam ? { after: pageParam } : {}), limit: LIBRARY_PAGE_SIZE },
      }),
      providesTags: ['Files'],
    }),
    /** GET /api/files/:id: one file the caller may see (404 otherwise). */
    libraryFile: build.query<FileView, string>({ query: (id) => `/files/${encodeURIComponent(id)}`, providesTags: ['Files'] }),
    librarySummary: build.query<LibrarySummary, void>({ query: () => '/files/summary', providesTags: ['Files', 'FilesSummary'] }),
    /** Counts the download (file, user) and answers a short-lived signed link: 404 hidden, 403 "You don't have access…". */
    startDownload: build.mutation<DownloadLink, string>({
      query: (id) => ({ url: `/files/${encodeURIComponent(id)}/download`, method: 'POST' }),
      invalidatesTags: ['FilesSummary', 'Me'],
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return;
        for (const arg of filesApi.util.selectCachedArgsForQuery(getState(), 'libraryFiles')) {
          dispatch(
            filesApi.util.updateQueryData('libraryFiles', arg, (data) => {
              for (const file of data.pages.flatMap((page) => page.files)) if (file.id === id) file.download_count += 1;
            }),
          );
        }
      },
    }),
    /**
     * 'Buy {price}': a checkout url for the file's stored price (503 with a sentence when payments are not configured),
     * or `owned` when the caller may already download it (the list is then read again: its card shows Download).
     */
    startCheckout: build.mutation<CheckoutStart, string>({
      query: (id) => ({ url: `/files/${encodeURIComponent(id)}/checkout`, method: 'POST' }),
      invalidatesTags: (result) => (result?.kind === 'owned' ? ['Files'] : []),
    }),
    /** The success page's poll: `paid` only once the api recorded the purchase. */
    checkoutStatus: build.query<CheckoutStatus, string>({ query: (sessionId) => `/payments/sessions/${encodeURIComponent(sessionId)}` }),
  }),
});

export const {
  useLibraryFilesInfiniteQuery,
  useLibraryFileQuery,
  useLibrarySummaryQuery,
  useStartDownloadMutation,
  useStartCheckoutMutation,
  useCheckoutStatusQuery,
} = filesApi;
