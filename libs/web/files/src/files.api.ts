import type { CheckoutStart, CheckoutStatus, DownloadLink, FileView, LibrarySummary } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/**
 * The signed-in user's file endpoints (library, dashboard), injected into the shell's one api.
 * 'Files' (the list and its summary) is refetched after admin changes (see ./admin). A download only raises
 * counts: the cached list is patched in place and the small answers ('FilesSummary', 'Me') are
 * refetched, so a library of 10,000 files is not downloaded again for each click.
 */
export const filesApi = api.enhanceEndpoints({ addTagTypes: ['Files', 'FilesSummary', 'Me'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/files: only what the caller may see, newest first. */
    libraryFiles: build.query<FileView[], void>({ query: () => '/files', providesTags: ['Files'] }),
    /** GET /api/files/:id: one file the caller may see (404 otherwise). */
    libraryFile: build.query<FileView, string>({ query: (id) => `/files/${encodeURIComponent(id)}`, providesTags: ['Files'] }),
    librarySummary: build.query<LibrarySummary, void>({ query: () => '/files/summary', providesTags: ['Files', 'FilesSummary'] }),
    /** Counts the download (file, user) and answers a short-lived signed link: 404 hidden, 403 "You don't have access…". */
    startDownload: build.mutation<DownloadLink, string>({
      query: (id) => ({ url: `/files/${encodeURIComponent(id)}/download`, method: 'POST' }),
      invalidatesTags: ['FilesSummary', 'Me'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return;
        dispatch(
          filesApi.util.updateQueryData('libraryFiles', undefined, (files) => {
            const file = files.find((f) => f.id === id);
            if (file) file.download_count += 1;
          }),
        );
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
  useLibraryFilesQuery,
  useLibraryFileQuery,
  useLibrarySummaryQuery,
  useStartDownloadMutation,
  useStartCheckoutMutation,
  useCheckoutStatusQuery,
} = filesApi;
