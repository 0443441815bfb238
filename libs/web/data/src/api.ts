import type { UnknownAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { type ApiError, type AuthResponse, BUSY_CODE } from '@solvr/contracts';
import { signedIn, signedOut, type SessionState } from './session.slice';

/** Same origin as the page (the shell); absolute so it also works outside a browser. */
export const apiBase = () => `${globalThis.location?.origin ?? ''}/api`;

const rawQuery = fetchBaseQuery({
  baseUrl: apiBase(),
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The Web Locks name under which the tabs of one browser take turns to refresh. */
export const REFRESH_LOCK = 'solvr-session-refresh';

/** Runs `task` holding the cross-tab refresh lock where the browser has Web Locks, else at once. */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

type GetState = () => unknown;
const inFlight = new WeakMap<GetState, Promise<boolean>>();

/**
 * Exchanges the refresh cookie for a session, once at a time: the page-load restore and any number of concurrent
 * 401s of one tab share one refresh, and the tabs of a browser take turns (each refresh rotates the shared cookie).
 * A tab that waited while another refreshed takes the session that tab shared (see session-sync) instead of
 * rotating the cookie again. `exchange` answers the new session, or null when there is none (204, 401, offline).
 */
export function refreshSession(
  dispatch: (action: UnknownAction) => unknown,
  getState: GetState,
  exchange: () => Promise<AuthResponse | null>,
): Promise<boolean> {
  const running = inFlight.get(getState);
  if (running) return running;
  const tokenOf = () => (getState() as { session: SessionState }).session.accessToken;
  const before = tokenOf();
  const refresh = oneTabAtATime(async () => {
    const now = tokenOf();
    if (now && now !== before) return true;
    const auth = await exchange().catch(() => null);
    dispatch(auth ? signedIn(auth) : signedOut());
    return !!auth;
  }).finally(() => inFlight.delete(getState));
  inFlight.set(getState, refresh);
  return refresh;
}

/** Sends the access token; on a 401 refreshes once and retries, and signs out if the refresh fails. */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || url.startsWith('/auth/')) return result;
  const refreshed = await refreshSession(api.dispatch, api.getState, async () => {
    // 204 (no refresh cookie: signed out) has no body, so no data.
    const answer = await rawQuery({ url: '/auth/refresh', method: 'POST' }, api, extra);
    return (answer.data as AuthResponse | null | undefined) ?? null;
  });
  if (refreshed) result = await rawQuery(args, api, extra);
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

/**
 * Whether a call "threw" in the spec's sense: it got no answer (offline, timeout, unreadable) or the server failed
 * (5xx). Forms then show their exception text; a 4xx, or a 503 that says the server is busy, shows the server's message.
 */
export function isException(error: unknown): boolean {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: Partial<ApiError> };
  // A refusal for now (BUSY_CODE: the server is as busy as it lets itself be) says so, and when to try again.
  if (typeof status === 'number') return status >= 500 && data?.code !== BUSY_CODE;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 'PARSING_ERROR' || status === undefined;
}
