import type { AdminFileStats } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** The Overview's file figures: Total Files, Total Downloads, downloads per day. */
export const fileStatsApi = api.enhanceEndpoints({ addTagTypes: ['AdminFiles'] }).injectEndpoints({
  endpoints: (build) => ({
    fileStats: build.query<AdminFileStats, void>({ query: () => '/admin/files/stats', providesTags: ['AdminFiles'] }),
  }),
});

export const { useFileStatsQuery } = fileStatsApi;
