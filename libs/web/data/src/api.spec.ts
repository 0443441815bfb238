import { createSlice } from '@reduxjs/toolkit';
import { AUTH_MESSAGES, BUSY_CODE, MESSAGES } from '@solvr/contracts';
import { api, createAppStore, isException, loggedOut, REFRESH_LOCK, restoreSession, rootReducer, signedIn, startSessionSync, stopSessionSync } from './index';

type Call = { url: string; auth: string | null };

/** A fake server: answers by path, and records what the client sent. */
function fakeFetch(routes: Record<string, (call: Call) => { status: number; body?: unknown }>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url).pathname;
    const call = { url, auth: req.headers.get('Authorization') };
    calls.push(call);
    const { status, body } = (routes[url] ?? (() => ({ status: 404 })))(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

const user = { id: 'u1', email: 'a@b.co', full_name: null, role: 'user' as const, download_count: 0, profile_completed: true, has_password: true };
const probe = api.injectEndpoints({ endpoints: (b) => ({ secret: b.query<{ ok: boolean }, void>({ query: () => '/secret' }) }) });

describe('api base query', () => {
  it('sends the token; on 401 refreshes once, stores the new token and retries', async () => {
    const calls = fakeFetch({
      '/api/secret': (c) => (c.auth === 'Bearer fresh' ? { status: 200, body: { ok: true } } : { status: 401, body: { message: 'expired' } }),
      '/api/auth/refresh': () => ({ status: 200, body: { access_token: 'fresh', user } }),
    });
    const store = createAppStore();
    store.dispatch(signedIn({ access_token: 'stale', user }));
    const result = await store.dispatch(probe.endpoints.secret.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls.map((c) => `${c.url} ${c.auth}`)).toEqual(['/api/secret Bearer stale', '/api/auth/refresh Bearer stale', '/api/secret Bearer fresh']);
    expect(store.getState().session.accessToken).toBe('fresh');
  });

  it('signs out when the refresh fails', async () => {
    fakeFetch({
      '/api/secret': () => ({ status: 401, body: { message: 'expired' } }),
      '/api/auth/refresh': () => ({ status: 401, body: { message: 'expired' } }),
    });
    const store = createAppStore();
    store.dispatch(signedIn({ access_token: 'stale', user }));
    const result = await store.dispatch(probe.endpoints.secret.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session).toEqual({ status: 'signed-out', user: null, accessToken: null });
  });
});

describe('session refresh', () => {
  const signedOutState = { status: 'signed-out', user: null, accessToken: null };

  it('a refresh answering 204 (no cookie) means signed out: no retry, no error of its own', async () => {
    const calls = fakeFetch({
      '/api/secret': () => ({ status: 401, body: { message: 'expired' } }),
      '/api/auth/refresh': () => ({ status: 204 }),
    });
    const store = createAppStore();
    store.dispatch(signedIn({ access_token: 'stale', user }));
    const result = await store.dispatch(probe.endpoints.secret.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/secret', '/api/auth/refresh']);
    expect(store.getState().session).toEqual(signedOutState);

    const fresh = createAppStore();
    await fresh.dispatch(restoreSession());
    expect(fresh.getState().session).toEqual(signedOutState);
  });

  it('the page-load restore and concurrent 401s share one refresh (the cookie rotates once)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const calls = fakeFetch({
      '/api/secret': (c) => (c.auth === 'Bearer fresh' ? { status: 200, body: { ok: true } } : { status: 401, body: { message: 'expired' } }),
      '/api/auth/refresh': () => ({ status: 200, body: { access_token: 'fresh', user } }),
    });
    const fetchImpl = global.fetch;
    global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/auth/refresh') await held;
      return fetchImpl(input, init);
    }) as typeof fetch;
    const store = createAppStore();
    store.dispatch(signedIn({ access_token: 'stale', user }));
    const restoring = store.dispatch(restoreSession());
    const queries = [store.dispatch(probe.endpoints.secret.initiate()), store.dispatch(probe.endpoints.secret.initiate(undefined, { forceRefetch: true }))];
    await new Promise((r) => setTimeout(r, 20));
    release();
    await restoring;
    for (const q of await Promise.all(queries)) expect(q.data).toEqual({ ok: true });
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(store.getState().session.accessToken).toBe('fresh');
  });

  it('the tabs of a browser take turns to refresh (Web Locks), and one that waited takes the session another shared', async () => {
    const calls = fakeFetch({ '/api/auth/refresh': () => ({ status: 200, body: { access_token: 'own', user } }) });
    const requests: string[] = [];
    let queue = Promise.resolve();
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        requests.push(name);
        const run = queue.then(task);
        queue = run.then(() => undefined, () => undefined);
        return run;
      },
    };
    const previous = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true });
    try {
      // Another tab holds the lock and, while this one waits, hands over the session it got.
      let otherTabDone!: () => void;
      void locks.request(REFRESH_LOCK, () => new Promise<void>((r) => (otherTabDone = r)));
      const store = createAppStore();
      const restoring = store.dispatch(restoreSession());
      await new Promise((r) => setTimeout(r, 0));
      // What session-sync does with the other tab's message.
      store.dispatch(signedIn({ access_token: 'shared', user }));
      otherTabDone();
      await restoring;
      expect(requests).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
      expect(calls).toEqual([]);
      expect(store.getState().session.accessToken).toBe('shared');

      // Nobody shared anything: this tab refreshes itself, under the lock.
      const alone = createAppStore();
      await alone.dispatch(restoreSession());
      expect(requests).toHaveLength(3);
      expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
      expect(alone.getState().session.accessToken).toBe('own');
    } finally {
      if (previous) Object.defineProperty(globalThis, 'navigator', previous);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});

describe('sessions across tabs', () => {
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('a sign-in is shared with the other tabs, and a Logout signs them all out', async () => {
    const [one, two, notSynced] = [createAppStore(), createAppStore(), createAppStore()];
    one.dispatch(startSessionSync());
    two.dispatch(startSessionSync());
    try {
      notSynced.dispatch(signedIn({ access_token: 'elsewhere', user }));
      one.dispatch(signedIn({ access_token: 'token-1', user }));
      await until(() => two.getState().session.accessToken === 'token-1');
      expect(two.getState().session).toMatchObject({ status: 'signed-in', user });

      two.dispatch(loggedOut());
      await until(() => one.getState().session.status === 'signed-out');
      expect(one.getState().session).toEqual({ status: 'signed-out', user: null, accessToken: null });
      expect(notSynced.getState().session.status).toBe('signed-in');
    } finally {
      one.dispatch(stopSessionSync());
      two.dispatch(stopSessionSync());
    }
  });
});

describe('root reducer', () => {
  it('lets a remote inject its slice into the shell store', () => {
    const store = createAppStore();
    const admin = createSlice({ name: 'adminUi', initialState: { tab: 'overview' }, reducers: { setTab: (s, a) => ({ tab: a.payload }) } });
    const injected = admin.injectInto(rootReducer);
    store.dispatch(admin.actions.setTab('files'));
    expect(injected.selectSlice(store.getState() as never)).toEqual({ tab: 'files' });
  });
});

describe('isException', () => {
  it('is an exception with no answer or a server failure; a refusal, and a 503 saying the server is busy, are not', () => {
    expect(isException({ status: 'FETCH_ERROR' })).toBe(true);
    expect(isException({ status: 500, data: { message: 'An unexpected error occurred.' } })).toBe(true);
    expect(isException({ status: 503, data: { message: MESSAGES.http.unavailable } })).toBe(true);
    expect(isException({ status: 503, data: { message: AUTH_MESSAGES.busy, code: BUSY_CODE } })).toBe(false);
    expect(isException({ status: 401, data: { message: 'Invalid email or password' } })).toBe(false);
  });
});
