import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { api, rootReducer } from '@solvr/web-data';
import type { AdminTab, HealthReport } from '@solvr/contracts';

const adminUiSlice = createSlice({
  name: 'adminUi',
  initialState: { tab: 'Overview' as AdminTab },
  reducers: {
    tabChanged(state, action: PayloadAction<AdminTab>) {
      state.tab = action.payload;
    },
  },
  selectors: { selectTab: (s) => s.tab },
});

declare module '@solvr/web-data' {
  // Declaration merging: tells the shell store's type about this lazily injected slice.
  // eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof adminUiSlice> {}
}

/** Injected into the shell's store when the admin remote loads. */
export const adminUi = adminUiSlice.injectInto(rootReducer);
export const { tabChanged } = adminUiSlice.actions;

/** The admin console's own endpoints (account counts come from @solvr/web-accounts/admin). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemHealth: build.query<HealthReport, void>({
      // 503 still carries the report: show it rather than an error.
      query: () => ({ url: '/health', validateStatus: (res) => res.status === 200 || res.status === 503 }),
    }),
  }),
});

export const { useSystemHealthQuery } = adminApi;
