import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ApiError } from '@solvr/contracts';
import { signedIn, signedOut, type SessionState, type SessionUserView } from './session.slice';

type AuthResult = { access_token: string; user: SessionUserView };

const rawQuery = fetchBaseQuery({
  // Same origin as the page (the shell); absolute so it also works outside a browser.
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

// One refresh at a time: concurrent 401s wait for the same refresh instead of rotating the cookie twice.
let refreshing: Promise<boolean> | null = null;

/** Sends the access token; on a 401 refreshes once and retries, and signs out if the refresh fails. */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || url.startsWith('/auth/')) return result;
  refreshing ??= (async () => {
    const refreshed = await rawQuery({ url: '/auth/refresh', method: 'POST' }, api, extra);
    if (refreshed.data) api.dispatch(signedIn(refreshed.data as AuthResult));
    else api.dispatch(signedOut());
    return !!refreshed.data;
  })().finally(() => (refreshing = null));
  if (await refreshing) result = await rawQuery(args, api, extra);
  return result;
};

/** Remotes add their endpoints with api.injectEndpoints(); the shell owns the store it lives in. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Me', 'News', 'Files', 'Users'],
  endpoints: () => ({}),
});

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResult, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(signedIn(data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(signedOut());
        dispatch(api.util.resetApiState());
      },
    }),
    me: build.query<SessionUserView, void>({ query: () => '/users/me', providesTags: ['Me'] }),
    signup: build.mutation<Accepted, { email: string; password: string }>({ query: (body) => ({ url: '/auth/signup', method: 'POST', body }) }),
    resendVerification: build.mutation<Accepted, { email: string }>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Accepted, { email: string }>({ query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }) }),
    resetPassword: build.mutation<Accepted, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

type Accepted = { success: true; message: string };

export const {
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useLazyMeQuery,
  useSignupMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

export type ApiErrorBody = Partial<ApiError>;

/** The message of an api error body, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: Partial<ApiError> } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
