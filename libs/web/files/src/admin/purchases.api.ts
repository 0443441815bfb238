import type { FilePurchases, RevenueSummary } from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** Purchases and revenue for admins: per paid file (the Files tab) and for the whole site (the Overview). */
export const purchasesApi = api.enhanceEndpoints({ addTagTypes: ['Purchases'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/payments/files/:fileId: the file's purchases, newest first, and its revenue per currency. */
    filePurchases: build.query<FilePurchases, string>({ query: (fileId) => `/admin/payments/files/${encodeURIComponent(fileId)}`, providesTags: ['Purchases'] }),
    /** GET /api/admin/payments/revenue: the site's revenue per currency and purchase counts. */
    revenue: build.query<RevenueSummary, void>({ query: () => '/admin/payments/revenue', providesTags: ['Purchases'] }),
  }),
});

export const { useFilePurchasesQuery, useRevenueQuery } = purchasesApi;
