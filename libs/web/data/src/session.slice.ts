import { createSlice, PayloadAction } from '@reduxjs/toolkit';
import type { AccountView } from '@solvr/contracts';

export type SessionUserView = AccountView;

/** 'loading' until the first refresh answers; the access token lives only in memory. */
export interface SessionState {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUserView | null;
  accessToken: string | null;
}

const initialState: SessionState = { status: 'loading', user: null, accessToken: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ access_token: string; user: SessionUserView }>) {
      state.status = 'signed-in';
      state.accessToken = action.payload.access_token;
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<SessionUserView>) {
      state.user = action.payload;
    },
    signedOut() {
      return { status: 'signed-out', user: null, accessToken: null } as SessionState;
    },
    /** The user signed out in this tab (Logout): the same as signedOut, and the other tabs are told (see session-sync). */
    loggedOut() {
      return { status: 'signed-out', user: null, accessToken: null } as SessionState;
    },
  },
  selectors: {
    selectSession: (s) => s,
    selectUser: (s) => s.user,
    selectAccessToken: (s) => s.accessToken,
  },
});

export const { signedIn, signedOut, loggedOut, userUpdated } = sessionSlice.actions;
export const { selectSession, selectUser, selectAccessToken } = sessionSlice.selectors;
