import { ADMIN_TEXTS, type AdminSummary } from '@solvr/contracts';
import { Stat } from '@solvr/web-ui';
import { api } from '@solvr/web-data';

/** Admin endpoints of the account feature, with the tag type they own. */
export const accountsAdminApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    usersSummary: build.query<AdminSummary, void>({ query: () => '/admin/summary', providesTags: ['Users'] }),
  }),
});

export const { useUsersSummaryQuery } = accountsAdminApi;

/** Total Users and Admins tiles of the admin overview. */
export function UsersSummaryStats() {
  const { data } = useUsersSummaryQuery();
  return (
    <>
      <Stat label={ADMIN_TEXTS.totalUsers} value={data?.total_users ?? '…'} />
      <Stat label={ADMIN_TEXTS.admins} value={data?.admins ?? '…'} />
    </>
  );
}
