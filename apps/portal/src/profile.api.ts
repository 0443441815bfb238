import type { ProfileUpdate, ProfileView } from '@solvr/contracts';
import { api } from '@solvr/web-data';

export type { ProfileView };

/** The portal's endpoints, injected into the shell's api when this remote loads. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    myProfile: build.query<ProfileView, void>({ query: () => '/users/me/profile', providesTags: ['Me'] }),
    saveProfile: build.mutation<{ success: boolean; profile: ProfileView }, ProfileUpdate>({
      query: (body) => ({ url: '/users/me/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useMyProfileQuery, useSaveProfileMutation } = profileApi;
