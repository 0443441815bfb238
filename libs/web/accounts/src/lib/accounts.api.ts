import type { AccountView, AcceptedResponse, AuthResponse, PasswordChangedResponse, PasswordChangeRequest, ProfileSaveResponse, ProfileUpdate, ProfileView } from '@solvr/contracts';
import { api, loggedOut, signedIn } from '@solvr/web-data';

/** The account endpoints, injected into the shell's one api with the tag type they own. */
export const accountsApi = api.enhanceEndpoints({ addTagTypes: ['Me'] }).injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A refused sign-in is the form's to show; here it would only be an unhandled rejection.
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(signedIn(result.data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        // loggedOut, not signedOut: the other tabs of this browser are signed out too.
        dispatch(loggedOut());
        dispatch(api.util.resetApiState());
      },
    }),
    me: build.query<AccountView, void>({ query: () => '/users/me', providesTags: ['Me'] }),
    signup: build.mutation<AcceptedResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
    }),
    resendVerification: build.mutation<AcceptedResponse, { email: string }>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<AcceptedResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<AcceptedResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    myProfile: build.query<ProfileView, void>({ query: () => '/users/me/profile', providesTags: ['Me'] }),
    /** The api ends every other session and earlier access token: this tab goes on with the new one. */
    changePassword: build.mutation<PasswordChangedResponse, PasswordChangeRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'POST', body }),
      invalidatesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(signedIn(result.data));
      },
    }),
    saveProfile: build.mutation<ProfileSaveResponse, ProfileUpdate>({
      query: (body) => ({ url: '/users/me/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useLazyMeQuery,
  useSignupMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useMyProfileQuery,
  useSaveProfileMutation,
  useChangePasswordMutation,
} = accountsApi;

/** Where "Continue with Google" goes: the api's OAuth redirect flow, coming back to `returnTo` (a path on this site). */
export const googleSignInUrl = (returnTo: string) => `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
