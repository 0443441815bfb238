import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminSummary,
  type AdminUserDetail,
  type AdminUserDownloads,
  type AdminUserOrder,
  type AdminUserPage,
  type AdminUserPurchases,
  type AdminUserView,
  type AuditPage,
  type DailyCount,
  type Role,
  USERS_CSV_FILE,
} from '@solvr/contracts';
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

/** What the Users tab lists: the search text and the order. */
export interface UsersListArg extends AdminUserOrder {
  q: string;
}

/** Admin endpoints of the account feature, with the tag type they own. */
export const accountsAdminApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    usersSummary: build.query<AdminSummary, void>({ query: () => '/admin/summary', providesTags: ['Users'] }),
    /** The Users tab: pages of 50, searched and sorted on the server; "Load more" fetches the next page. */
    adminUsers: build.infiniteQuery<AdminUserPage, UsersListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next,
      },
      query: ({ queryArg: { q, sort, dir }, pageParam }) => ({
        url: '/admin/users',
        params: { q, sort, dir, ...(pageParam ? { after: pageParam } : {}), limit: ADMIN_USERS_PAGE_SIZE },
      }),
      providesTags: ['Users'],
    }),
    // The side panel: each part from the feature that owns it (users, files, files over payments, audit).
    adminUser: build.query<AdminUserDetail, string>({ query: (id) => `/admin/users/${encodeURIComponent(id)}`, providesTags: ['Users'] }),
    adminUserDownloads: build.query<AdminUserDownloads, string>({ query: (id) => `/admin/users/${encodeURIComponent(id)}/downloads`, providesTags: ['Users'] }),
    adminUserPurchases: build.query<AdminUserPurchases, string>({ query: (id) => `/admin/users/${encodeURIComponent(id)}/purchases`, providesTags: ['Users'] }),
    /** The first page of the audit entries by or about the user. */
    adminUserAudit: build.query<AuditPage, string>({ query: (id) => ({ url: '/admin/audit', params: { user: id } }), providesTags: ['Users'] }),
    signups: build.query<DailyCount[], void>({ query: () => '/admin/users/signups', providesTags: ['Users'] }),
    changeRole: build.mutation<AdminUserView, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `/admin/users/${id}/role`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Users'],
    }),
    /** users.csv for the current search, in the list's order, saved by the browser; the body never enters the store. */
    exportUsers: build.mutation<null, UsersListArg>({
      query: ({ q, sort, dir }) => ({
        url: '/admin/users/export.csv',
        params: { q, sort, dir },
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

export const {
  useUsersSummaryQuery,
  useAdminUsersInfiniteQuery,
  useSignupsQuery,
  useChangeRoleMutation,
  useExportUsersMutation,
  useAdminUserQuery,
  useAdminUserDownloadsQuery,
  useAdminUserPurchasesQuery,
  useAdminUserAuditQuery,
} = accountsAdminApi;
