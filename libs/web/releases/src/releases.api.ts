import type { NotifyRequest, ReleasesOverview, ReleaseVersionView } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/**
 * The desktop app's releases as users see them (Dashboard, library, download page, /Releases), injected into the
 * shell's one api. 'Releases' is refetched after a download and after an admin's release change (see ./admin).
 */
export const releasesApi = api.enhanceEndpoints({ addTagTypes: ['Releases'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/releases: each channel's newest installers, and the platforms the caller waits for. */
    releases: build.query<ReleasesOverview, void>({ query: () => '/releases', providesTags: ['Releases'] }),
    /** GET /api/releases/history (public, no session needed): every published version, newest first. */
    releaseHistory: build.query<ReleaseVersionView[], void>({ query: () => '/releases/history', providesTags: ['Releases'] }),
    notifyMe: build.mutation<void, NotifyRequest>({
      query: (body) => ({ url: '/releases/notify', method: 'POST', body }),
      invalidatesTags: ['Releases'],
    }),
  }),
});

export const { useReleasesQuery, useReleaseHistoryQuery, useNotifyMeMutation } = releasesApi;
