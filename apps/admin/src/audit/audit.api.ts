import type { AuditPage } from '@solvr/contracts';
import { api } from '@solvr/web-data';

export interface AuditFilter {
  action: string;
  actor: string;
}

/** The audit log, newest first; read-only (the api has no route that changes it). */
export const auditApi = api.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.infiniteQuery<AuditPage, AuditFilter, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.next },
      query: ({ queryArg, pageParam }) => ({
        url: '/admin/audit',
        params: { ...(queryArg.action ? { action: queryArg.action } : {}), ...(queryArg.actor ? { actor: queryArg.actor } : {}), ...(pageParam ? { after: pageParam } : {}) },
      }),
      providesTags: ['Audit'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAuditLogInfiniteQuery } = auditApi;
