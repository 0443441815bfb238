import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ApiError, AuthResponse } from '@solvr/contracts';
import { signedIn, signedOut, type SessionState } from './session.slice';

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
    if (refreshed.data) api.dispatch(signedIn(refreshed.data as AuthResponse));
    else api.dispatch(signedOut());
    return !!refreshed.data;
  })().finally(() => (refreshing = null));
  if (await refreshing) result = await rawQuery(args, api, extra);
  return result;
};

/**
 * The one api of the site; the shell owns the store it lives in. Feature libs (libs/web/<feature>) and remotes add
 * their endpoints and their own tag types: api.enhanceEndpoints({ addTagTypes: [...] }).injectEndpoints(...).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [],
  endpoints: () => ({}),
});

export type ApiErrorBody = Partial<ApiError>;

/** The message of an api error body, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: Partial<ApiError> } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
