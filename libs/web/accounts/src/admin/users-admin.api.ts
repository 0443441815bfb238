import { ADMIN_USERS_PAGE_SIZE, type AdminSummary, type AdminUserPage, type AdminUserView, type DailyCount, type Role, USERS_CSV_FILE } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** Hands a downloaded body to the browser as a file. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Admin endpoints of the account feature, with the tag type they own. */
export const accountsAdminApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    usersSummary: build.query<AdminSummary, void>({ query: () => '/admin/summary', providesTags: ['Users'] }),
    /** The Users tab: pages of 50, searched on the server; "Load more" fetches the next page. */
    adminUsers: build.infiniteQuery<AdminUserPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/admin/users', params: { q: queryArg, ...(pageParam ? { after: pageParam } : {}), limit: ADMIN_USERS_PAGE_SIZE } }),
      providesTags: ['Users'],
    }),
    signups: build.query<DailyCount[], void>({ query: () => '/admin/users/signups', providesTags: ['Users'] }),
    changeRole: build.mutation<AdminUserView, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `/admin/users/${id}/role`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Users'],
    }),
    /** users.csv for the current search, saved by the browser; the body never enters the store. */
    exportUsers: build.mutation<null, string>({
      query: (q) => ({
        url: '/admin/users/export.csv',
        params: { q },
        cache: 'no-store',
        responseHandler: async (res) => {
          if (!res.ok) return res.json().catch(() => null);
          saveFile(await res.blob(), USERS_CSV_FILE);
          return null;
        },
      }),
    }),
  }),
});

export const { useUsersSummaryQuery, useAdminUsersInfiniteQuery, useSignupsQuery, useChangeRoleMutation, useExportUsersMutation } = accountsAdminApi;
