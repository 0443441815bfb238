import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { Provider, useDispatch, useSelector, useStore } from 'react-redux';
import type { AuthResponse } from '@solvr/contracts';
import { api, apiBase, refreshSession } from './api';
import { sessionSlice } from './session.slice';
import { sessionSyncMiddleware } from './session-sync';

/** Remotes add their injected slices here by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The shell's one root reducer; remotes add theirs with rootReducer.inject(slice) or slice.injectInto(rootReducer). */
export const rootReducer = combineSlices(sessionSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * `server`: the store of a server render. It skips RTK's development checks (immutability and serializability),
 * whatever NODE_ENV is: their warnings would only fill the server log.
 */
export function createAppStore({ server = false }: { server?: boolean } = {}) {
  const devChecks = server ? { immutableCheck: false, serializableCheck: false } : {};
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault(devChecks).concat(api.middleware, sessionSyncMiddleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

// Redux and RTK are this library's own (the browser bundles do not share them): the one store's provider and the
// query helpers are used through here, so every area gets them from the one shared copy of this library.
export { Provider as StoreProvider };
export { skipToken } from '@reduxjs/toolkit/query/react';

/**
 * Session bootstrap: the httpOnly refresh cookie, if valid, gives an access token and the user. Shares the one
 * refresh of the tab with any 401 retry (see refreshSession).
 */
export const restoreSession = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  await refreshSession(dispatch, getState, async () => {
    const res = await fetch(`${apiBase()}/auth/refresh`, { method: 'POST', credentials: 'include' });
    // 204: no refresh cookie at all, i.e. signed out (the api does not treat that as an error).
    if (!res.ok || res.status === 204) return null;
    return (await res.json()) as AuthResponse;
  });
};
