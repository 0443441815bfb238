import { createSlice } from '@reduxjs/toolkit';
import { api, createAppStore, rootReducer, signedIn } from './index';

type Call = { url: string; auth: string | null };

/** A fake server: answers by path, and records what the client sent. */
function fakeFetch(routes: Record<string, (call: Call) => { status: number; body?: unknown }>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const req = input as Request;
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

describe('root reducer', () => {
  it('lets a remote inject its slice into the shell store', () => {
    const store = createAppStore();
    const admin = createSlice({ name: 'adminUi', initialState: { tab: 'overview' }, reducers: { setTab: (s, a) => ({ tab: a.payload }) } });
    const injected = admin.injectInto(rootReducer);
    store.dispatch(admin.actions.setTab('files'));
    expect(injected.selectSlice(store.getState() as never)).toEqual({ tab: 'files' });
  });
});
