import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import type { AuthResponse } from '@solvr/contracts';
import { sessionSlice, signedIn, signedOut } from './session.slice';

/** Remotes add their injected slices here by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The shell's one root reducer; remotes add theirs with rootReducer.inject(slice) or slice.injectInto(rootReducer). */
export const rootReducer = combineSlices(sessionSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Session bootstrap: the httpOnly refresh cookie, if valid, gives an access token and the user. */
export const restoreSession = (): AppThunk<Promise<void>> => async (dispatch) => {
  try {
    const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    // 204: no refresh cookie at all, i.e. signed out (the api does not treat that as an error).
    if (!res.ok || res.status === 204) return void dispatch(signedOut());
    dispatch(signedIn((await res.json()) as AuthResponse));
  } catch {
    dispatch(signedOut());
  }
};
