// Helpers for jsdom tests of the account feature, and of any web feature built on the same store and api
// (import from '@solvr/web-accounts/testing'; never from application code).
import type { AccountView, AuthResponse, ProfileView } from '@solvr/contracts';

export { renderWithStore, type RenderOptions } from './lib/testing/render-with-store';

/** A signed-in account as the api returns it. */
export function accountFixture(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    full_name: null,
    role: 'user',
    download_count: 0,
    profile_completed: true,
    has_password: true,
    ...overrides,
  };
}

/** An account's profile as GET /api/users/me/profile returns it; incomplete unless overridden. */
export function profileFixture(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    email: 'ada@example.com',
    full_name: null,
    phone: null,
    street_address_1: null,
    street_address_2: null,
    city: null,
    state_province: null,
    postal_code: null,
    country: null,
    company: null,
    job_title: null,
    profile_completed: false,
    has_password: true,
    ...overrides,
  };
}

export const authResponseFixture = (user: AccountView = accountFixture()): AuthResponse => ({ access_token: 'test-access-token', user });

export interface FakeReply {
  status: number;
  body?: unknown;
}

export interface FakeCall {
  method: string;
  /** The path under /api, e.g. /auth/login. */
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}

type FakeRoute = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/**
 * Answers the api's requests from a table keyed 'METHOD /path' (the path under /api); anything else gets 404.
 * Records every call. Call restore() when done (e.g. in afterEach).
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
    const call: FakeCall = {
      method: req.method,
      path: url.pathname.replace(/^\/api(?=\/)/, ''),
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
      authorization: req.headers.get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply: FakeReply = !route
      ? { status: 404, body: { message: `No fake route for ${call.method} ${call.path}` } }
      : typeof route === 'function'
        ? await route(call)
        : route;
    const body = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(body, { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return {
    calls,
    restore: () => {
      globalThis.fetch = previous;
    },
  };
}

/** A route whose answer waits for release(): the test can look at the form while it is submitting. */
export function heldReply(reply: FakeReply) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    route: async () => {
      await released;
      return reply;
    },
    release: () => release(),
  };
}
