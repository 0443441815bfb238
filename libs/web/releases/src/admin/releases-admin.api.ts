import type { DeployTokenCreated, DeployTokenView, ReleaseActivity, ReleaseVersionView, RolloutChange } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/**
 * The admin console's Releases tab: versions with their rollouts, their activity, and deploy tokens. A version's
 * change refreshes 'Releases' (this list, the public history and the Dashboard's installers), which uploads and file
 * changes refresh too.
 */
export const releasesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Releases', 'DeployTokens', 'ReleaseChannels'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/release-channels: stable, beta and the ones added (the upload form offers them all). */
    releaseChannels: build.query<string[], void>({ query: () => '/admin/release-channels', providesTags: ['ReleaseChannels'] }),
    addReleaseChannel: build.mutation<string[], string>({
      query: (name) => ({ url: '/admin/release-channels', method: 'POST', body: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : ['ReleaseChannels']),
    }),
    /** GET /api/admin/releases: every version of every channel (drafts and pulled ones too), newest first. */
    adminReleases: build.query<ReleaseVersionView[], void>({ query: () => '/admin/releases', providesTags: ['Releases'] }),
    /** PATCH /api/admin/releases/:id: publish, stage, pause or resume, pull. */
    changeRelease: build.mutation<{ label: string }, { id: string; change: RolloutChange }>({
      query: ({ id, change }) => ({ url: `/admin/releases/${encodeURIComponent(id)}`, method: 'PATCH', body: change }),
      invalidatesTags: (_result, error) => (error ? [] : ['Releases']),
    }),
    /** Downloads and update checks per version and platform and day. */
    releaseActivity: build.query<ReleaseActivity[], number>({ query: (days) => ({ url: '/admin/releases/activity', params: { days } }) }),
    deployTokens: build.query<DeployTokenView[], void>({ query: () => '/admin/deploy-tokens', providesTags: ['DeployTokens'] }),
    /** The answer holds the token itself, this once. */
    createDeployToken: build.mutation<DeployTokenCreated, string>({
      query: (name) => ({ url: '/admin/deploy-tokens', method: 'POST', body: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : ['DeployTokens']),
    }),
    revokeDeployToken: build.mutation<DeployTokenView, string>({
      query: (id) => ({ url: `/admin/deploy-tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['DeployTokens']),
    }),
  }),
});

export const {
  useReleaseChannelsQuery,
  useAddReleaseChannelMutation,
  useAdminReleasesQuery,
  useChangeReleaseMutation,
  useReleaseActivityQuery,
  useDeployTokensQuery,
  useCreateDeployTokenMutation,
  useRevokeDeployTokenMutation,
} = releasesAdminApi;
