import { api, createAppStore } from './index';

const probe = api.injectEndpoints({ endpoints: (b) => ({ page: b.query<{ items: string[] }, number>({ query: (n) => `/page/${n}` }) }) });

describe('the server render store', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
    jest.restoreAllMocks();
  });

  it('skips the development checks even with NODE_ENV=development: a render writes nothing to the log', async () => {
    process.env.NODE_ENV = 'development';
    // A slow server: each dispatch takes longer than the checks' warning threshold.
    let now = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => (now += 100));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    // What render.tsx does: upsert the page's queries, then drop them.
    const store = createAppStore({ server: true });
    await store.dispatch(probe.util.upsertQueryData('page', 1, { items: ['a', 'b'] }));
    expect(probe.endpoints.page.select(1)(store.getState()).data).toEqual({ items: ['a', 'b'] });
    store.dispatch(api.util.resetApiState());

    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
