import type {
  CampaignCreated,
  CampaignDetail,
  CampaignPreview,
  CampaignRequest,
  CampaignView,
  ContactRequest,
  MailAudienceCount,
  MailAudienceRequest,
  MailRecipientIds,
  MailRecipientPage,
  MailSegmentChoice,
  SubscriptionView,
  TestMailResult,
} from '@solvr/contracts';
import { api } from '@solvr/web-data';

/** The mail endpoints: Contact (signed in), unsubscribe (the link's token), and the Email Center (admins). */
export const mailApi = api.enhanceEndpoints({ addTagTypes: ['Campaigns', 'Subscription', 'SavedSearches'] }).injectEndpoints({
  endpoints: (build) => ({
    sendContact: build.mutation<void, ContactRequest>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
    subscription: build.query<SubscriptionView, string>({
      query: (token) => ({ url: '/mail/subscription', params: { token } }),
      providesTags: ['Subscription'],
    }),
    setSubscribed: build.mutation<SubscriptionView, { token: string; subscribed: boolean }>({
      query: ({ token, subscribed }) => ({ url: subscribed ? '/mail/subscribe' : '/mail/unsubscribe', method: 'POST', params: { token } }),
      invalidatesTags: ['Subscription'],
    }),
    mailRecipients: build.query<MailRecipientPage, { q: string; limit: number }>({
      query: ({ q, limit }) => ({ url: '/admin/mail/recipients', params: { q, limit } }),
    }),
    mailRecipientIds: build.query<MailRecipientIds, string>({
      query: (q) => ({ url: '/admin/mail/recipients/ids', params: { q } }),
    }),
    campaignPreview: build.query<CampaignPreview, { subject: string; message: string }>({
      query: (body) => ({ url: '/admin/mail/preview', method: 'POST', body }),
    }),
    /** The segments and their options; a search saved on the Users tab (tag SavedSearches) is offered at once. */
    mailSegments: build.query<MailSegmentChoice[], void>({
      query: () => '/admin/mail/segments',
      providesTags: ['SavedSearches'],
    }),
    mailAudience: build.query<MailAudienceCount, MailAudienceRequest>({
      query: (body) => ({ url: '/admin/mail/audience', method: 'POST', body }),
      providesTags: ['Campaigns'],
    }),
    sendCampaignTest: build.mutation<TestMailResult, { subject: string; message: string }>({
      query: (body) => ({ url: '/admin/mail/campaigns/test', method: 'POST', body }),
    }),
    campaigns: build.query<CampaignView[], void>({
      query: () => '/admin/mail/campaigns',
      providesTags: ['Campaigns'],
    }),
    campaign: build.query<CampaignDetail, string>({
      query: (id) => `/admin/mail/campaigns/${encodeURIComponent(id)}`,
      providesTags: ['Campaigns'],
    }),
    sendCampaign: build.mutation<CampaignCreated, CampaignRequest>({
      query: (body) => ({ url: '/admin/mail/campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaigns'],
    }),
    retryCampaign: build.mutation<CampaignDetail, string>({
      query: (id) => ({ url: `/admin/mail/campaigns/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: ['Campaigns'],
    }),
    sendTestMail: build.mutation<TestMailResult, { kind: 'email' | 'contact' }>({
      query: (body) => ({ url: '/admin/mail/test', method: 'POST', body }),
    }),
  }),
});

export const {
  useSendContactMutation,
  useSubscriptionQuery,
  useSetSubscribedMutation,
  useMailRecipientsQuery,
  useLazyMailRecipientIdsQuery,
  useCampaignsQuery,
  useCampaignPreviewQuery,
  useMailSegmentsQuery,
  useMailAudienceQuery,
  useSendCampaignTestMutation,
  useCampaignQuery,
  useSendCampaignMutation,
  useRetryCampaignMutation,
  useSendTestMailMutation,
} = mailApi;

/** The message of a failed call, when the api gave one a person can read. */
export function apiMessage(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : undefined;
}
