import type { HealthReport } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** The admin console's own endpoints (the features' come from their libs). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemHealth: build.query<HealthReport, void>({
      // 503 still carries the report: show it rather than an error.
      query: () => ({ url: '/health', validateStatus: (res) => res.status === 200 || res.status === 503 }),
    }),
  }),
});

export const { useSystemHealthQuery } = adminApi;
