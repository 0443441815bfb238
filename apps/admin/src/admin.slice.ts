import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { api, rootReducer } from '@solvr/web-data';
import type { HealthReport } from '@solvr/contracts';

export const ADMIN_TABS = ['Overview', 'Files', 'Upload', 'News', 'Users', 'Email'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

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

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    summary: build.query<{ total_users: number; admins: number }, void>({ query: () => '/admin/summary', providesTags: ['Users'] }),
    systemHealth: build.query<HealthReport, void>({
      // 503 still carries the report: show it rather than an error.
      query: () => ({ url: '/health', validateStatus: (res) => res.status === 200 || res.status === 503 }),
    }),
  }),
});

export const { useSystemHealthQuery, useSummaryQuery } = adminApi;
