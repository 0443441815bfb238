import { createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { AuthResponse } from '@solvr/contracts';
import { api } from './api';
import { loggedOut, signedIn, signedOut, type SessionState } from './session.slice';

/** The channel the tabs of one browser tell each other about the session on (the refresh cookie is shared by all). */
export const SESSION_CHANNEL = 'solvr-session';

export type SessionMessage = { type: 'signed-in'; auth: AuthResponse } | { type: 'signed-out' };

/** Starts (and stopSessionSync ends) telling the other tabs of this browser about sign-in and logout, and listening to them. */
export const startSessionSync = createAction('session/syncStarted');
export const stopSessionSync = createAction('session/syncStopped');

const FROM_OTHER_TAB = { fromOtherTab: true } as const;
const isFromOtherTab = (action: UnknownAction) => (action as { meta?: typeof FROM_OTHER_TAB }).meta?.fromOtherTab === true;

/**
 * Sessions across tabs. Once started, a sign-in or refresh in this tab hands its session to the others (so they
 * need not rotate the refresh cookie themselves), and a Logout here signs the others out. Without BroadcastChannel
 * (old browsers, tests) it does nothing.
 */
export const sessionSyncMiddleware: Middleware = (store) => {
  let channel: BroadcastChannel | null = null;
  const receive = (message: SessionMessage) => {
    const session = (store.getState() as { session: SessionState }).session;
    if (message.type === 'signed-out') {
      if (session.status === 'signed-out') return;
      store.dispatch({ ...signedOut(), meta: FROM_OTHER_TAB });
      store.dispatch(api.util.resetApiState());
      return;
    }
    // Another account signed in over there: nothing cached for the previous one may show here.
    if (session.user && session.user.id !== message.auth.user.id) store.dispatch(api.util.resetApiState());
    store.dispatch({ ...signedIn(message.auth), meta: FROM_OTHER_TAB });
  };
  return (next) => (action) => {
    if (startSessionSync.match(action)) {
      if (!channel && typeof BroadcastChannel !== 'undefined') {
        channel = new BroadcastChannel(SESSION_CHANNEL);
        channel.onmessage = (e: MessageEvent<SessionMessage>) => receive(e.data);
      }
      return next(action);
    }
    if (stopSessionSync.match(action)) {
      channel?.close();
      channel = null;
      return next(action);
    }
    const result = next(action);
    if (channel && !isFromOtherTab(action as UnknownAction)) {
      if (signedIn.match(action)) channel.postMessage({ type: 'signed-in', auth: action.payload } satisfies SessionMessage);
      else if (loggedOut.match(action)) channel.postMessage({ type: 'signed-out' } satisfies SessionMessage);
    }
    return result;
  };
};
