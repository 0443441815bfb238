/**
 * Mail: the Email Center (spec sections 2, 5, 8), the Overview's test e-mails, the Contact form, and the bulk-mail
 * opt-out. Texts verbatim where the spec gives them; the shared rules are checked by the api and the pages alike.
 */

/** Spec section 2, "Contact": the category values and their labels. */
export const CONTACT_CATEGORIES = [
  { value: 'technical-support', label: 'Technical Support' },
  { value: 'bug-report', label: 'Bug Report' },
  { value: 'sales-billing', label: 'Sales/Billing Questions' },
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]['value'];

export const MAIL_LIMITS = {
  subject: 200,
  message: 20_000,
  name: 200,
  /** Recipients of one campaign. */
  recipients: 100_000,
} as const;

export const EMAIL_CENTER_TEXTS = {
  title: 'Email Center',
  subtitle: 'Send an e-mail to a segment or to the users you pick. Users who opted out of bulk e-mail and unconfirmed accounts are skipped.',
  recipients: 'Recipients',
  searchLabel: 'Search users by name or e-mail',
  searchPlaceholder: 'Search users...',
  selectAll: 'Select all',
  selectNone: 'Select none',
  /** The ticked users, over every search: exactly who gets the mail. */
  selected: (n: number) => `${n.toLocaleString('en-US')} selected`,
  /** The search matches more users than are listed: "Select all" picks the listed ones, this button every match. */
  moreMatches: (shown: number, total: number) => `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} matches.`,
  selectEveryMatch: (total: number) => `Select all ${total.toLocaleString('en-US')} matches`,
  selectingEveryMatch: 'Selecting...',
  selectEveryMatchFailed: 'Could not select every match. Please try again.',
  optedOut: 'Opted out',
  noUsers: 'No users found',
  subject: 'Subject',
  message: 'Message',
  preview: 'Preview',
  previewNote: 'As the recipient sees it',
  previewFrame: 'Preview of the e-mail',
  send: 'Send Email',
  sending: 'Sending...',
  required: 'Subject and message are required',
  noRecipients: 'Please select at least one recipient',
  sent: (n: number) => `Email sent successfully to ${n} user(s)!`,
  failed: 'Failed to send emails. Please try again.',
  campaigns: 'Recent campaigns',
  noCampaigns: 'No e-mails sent yet',
  queued: 'Queued',
  sendingCount: 'Sending',
  sentCount: 'Sent',
  failedCount: 'Failed',
  skipped: (n: number) => `${n} opted out, skipped`,
  failures: 'Failed recipients',
  retryFailed: 'Retry failed',
  progressLabel: (subject: string) => `Progress of "${subject}"`,
  audience: 'Send to',
  audienceLabel: 'Who receives this e-mail',
  pickedUsers: 'Users I pick',
  chooseOption: 'Choose...',
  noOptions: 'Nothing to choose yet',
  counting: 'Counting recipients...',
  willReceive: (n: number) => `${n.toLocaleString('en-US')} will receive it`,
  excluded: (n: number) => `${n.toLocaleString('en-US')} excluded:`,
  excludedOptedOut: (n: number) => `${n.toLocaleString('en-US')} opted out`,
  excludedUnconfirmed: (n: number) => `${n.toLocaleString('en-US')} unconfirmed`,
  excludedNotFound: (n: number) => `${n.toLocaleString('en-US')} no longer exist`,
  countFailed: 'Could not count the recipients.',
  messageHelp: 'Markdown: **bold**, *italic*, [link](https://example.com), lists. A blank line starts a new paragraph; the plain-text part is made from it.',
  previewFrom: 'From',
  previewSubject: 'Subject',
  previewNoSubject: '(no subject)',
  previewText: 'Plain-text part',
  previewPlaceholder: 'Your message appears here as you type.',
  sendTest: 'Send a test to me',
  sendingTest: 'Sending test...',
  testSent: (email: string) => `Test e-mail sent to ${email}`,
  testFailed: 'Could not send the test e-mail. Please try again.',
  saveSearch: 'Save this search',
  saveSearchName: 'Name of the saved search',
  saveSearchButton: 'Save',
  searchSaved: (name: string) => `Saved search "${name}"`,
  saveSearchFailed: 'Could not save the search.',
  savedSearchRemove: (label: string) => `Delete the saved search ${label}`,
} as const;

/**
 * The segments a campaign can go to, besides users picked one by one: every confirmed user, the admins, the buyers
 * of a file (payments), the users waiting for a platform (Notify me), and a saved search of the Users tab.
 */
export const MAIL_SEGMENT_KINDS = ['confirmed', 'admins', 'buyers', 'waiting', 'saved'] as const;
export type MailSegmentKind = (typeof MAIL_SEGMENT_KINDS)[number];

export const MAIL_SEGMENT_LABELS: Record<MailSegmentKind, string> = {
  confirmed: 'Everyone confirmed',
  admins: 'Admins',
  buyers: 'Buyers of a file',
  waiting: 'Users waiting for a platform',
  saved: 'A saved search of the Users tab',
};

/** The choice a segment needs (which file, platform, saved search); segments not listed need none. */
export const MAIL_SEGMENT_OPTION_LABELS: Partial<Record<MailSegmentKind, string>> = {
  buyers: 'File',
  waiting: 'Platform',
  saved: 'Saved search',
};

export const MAIL_SEGMENT_TEXTS = {
  unknownKind: `segment.kind must be one of: ${MAIL_SEGMENT_KINDS.join(', ')}.`,
  optionMissing: (kind: MailSegmentKind) => `Please choose a ${(MAIL_SEGMENT_OPTION_LABELS[kind] ?? '').toLowerCase()} for this segment.`,
  optionNotFound: (kind: MailSegmentKind) => `No such ${(MAIL_SEGMENT_OPTION_LABELS[kind] ?? 'option').toLowerCase()}.`,
  oneAudience: 'Choose either users, a search or a segment, not several.',
  unavailable: 'This segment is not available.',
} as const;

export const SAVED_SEARCH_LIMITS = { name: 100, q: 100, count: 200 } as const;

export const SAVED_SEARCH_TEXTS = {
  nameRequired: 'Please name the saved search.',
  nameTooLong: `The name must be at most ${SAVED_SEARCH_LIMITS.name} characters.`,
  qTooLong: `The search must be at most ${SAVED_SEARCH_LIMITS.q} characters.`,
  tooMany: `At most ${SAVED_SEARCH_LIMITS.count} saved searches. Delete one first.`,
  notFound: 'No such saved search.',
  /** The label of a saved search where it is picked: its name and what it searches. */
  label: (name: string, q: string) => (q ? `${name} ("${q}")` : `${name} (all users)`),
} as const;

/** A search of the Users tab (name, e-mail, company), saved under a name to mail its matches later. */
export interface SavedUserSearch {
  id: string;
  name: string;
  q: string;
  created_date: string;
}

export interface SavedUserSearchRequest {
  name: string;
  q: string;
}

export function savedSearchProblem(req: Partial<SavedUserSearchRequest>): string | null {
  if (typeof req.name !== 'string' || !req.name.trim()) return SAVED_SEARCH_TEXTS.nameRequired;
  if (req.name.trim().length > SAVED_SEARCH_LIMITS.name) return SAVED_SEARCH_TEXTS.nameTooLong;
  if (typeof req.q !== 'string' || req.q.trim().length > SAVED_SEARCH_LIMITS.q) return SAVED_SEARCH_TEXTS.qTooLong;
  return null;
}

/** A segment as the admin chose it: the kind, and for some kinds an option (a file id, a platform, a saved search id). */
export interface MailSegmentRef {
  kind: MailSegmentKind;
  option?: string;
}

/** One choice of GET /api/admin/mail/segments. `options` is null for a segment that needs no choice. */
export interface MailSegmentChoice {
  kind: MailSegmentKind;
  label: string;
  options: Array<{ value: string; label: string }> | null;
}

/** Whom a campaign goes to: picked users, every match of a search, or a segment (exactly one). */
export interface MailAudienceRequest {
  userIds?: string[];
  all?: { q: string };
  segment?: MailSegmentRef;
}

/** POST /api/admin/mail/audience: how many the campaign would reach, and whom it leaves out and why. */
export interface MailAudienceCount {
  recipients: number;
  excluded: { opted_out: number; unconfirmed: number; not_found: number };
}

/** The audience's own problem (shape only; whether the option exists is the api's to say). */
export function audienceProblem(req: MailAudienceRequest): string | null {
  const given = [req.userIds !== undefined, req.all !== undefined, req.segment !== undefined].filter(Boolean).length;
  if (given > 1) return MAIL_SEGMENT_TEXTS.oneAudience;
  if (req.segment) {
    const kind = req.segment.kind;
    if (!MAIL_SEGMENT_KINDS.includes(kind)) return MAIL_SEGMENT_TEXTS.unknownKind;
    if (MAIL_SEGMENT_OPTION_LABELS[kind] && !req.segment.option) return MAIL_SEGMENT_TEXTS.optionMissing(kind);
  }
  if (!req.segment && !req.all && !req.userIds?.length) return EMAIL_CENTER_TEXTS.noRecipients;
  if ((req.userIds?.length ?? 0) > MAIL_LIMITS.recipients) return `At most ${MAIL_LIMITS.recipients.toLocaleString('en-US')} recipients per e-mail.`;
  return null;
}

export const TEST_MAIL_TEXTS = {
  testEmail: 'Test Email',
  testContactEmail: 'Test Contact Email',
  success: (email: string) => `Success: Test email sent to ${email}`,
  error: (message: string) => `Error sending test email: ${message}`,
  contactSuccess: (email: string) => `Success: Test contact email sent to ${email}`,
  contactError: (message: string) => `Error sending test contact email: ${message}`,
} as const;

export const CONTACT_TEXTS = {
  formTitle: 'Send us a message',
  name: 'Name',
  email: 'Email',
  category: 'Category',
  categoryPlaceholder: 'Select a category',
  subject: 'Subject',
  message: 'Message',
  send: 'Send Message',
  sending: 'Sending...',
  required: 'Please fill in all required fields.',
  successTitle: 'Message Sent Successfully!',
  successText: "We'll get back to you within 24 hours.",
  sendAnother: 'Send Another Message',
  failed: (email: string) => `Failed to send message. Please try again or email us directly at ${email}.`,
} as const;

/** The page an unsubscribe link opens, and its texts. */
export const UNSUBSCRIBE_TEXTS = {
  title: 'E-mail preferences',
  unsubscribed: "You're unsubscribed",
  unsubscribedText: (email: string) => `${email} will no longer receive announcements and other bulk e-mail. Account e-mails (confirmations, password resets) still arrive.`,
  resubscribe: 'Subscribe again',
  subscribed: "You're subscribed",
  subscribedText: (email: string) => `${email} receives announcements again.`,
  unsubscribe: 'Unsubscribe',
  invalid: 'This unsubscribe link is not valid.',
  footer: (url: string) => `You receive this e-mail because you have an account. Unsubscribe: ${url}`,
} as const;

/** What the admin sends: checked by the api and the Email tab alike. */
export interface CampaignRequest {
  subject: string;
  message: string;
  /** The users picked one by one... */
  userIds?: string[];
  /** ...or every user matching a search ('' = everyone), as "Select all" picks them: no id list to carry. */
  all?: { q: string };
  /** ...or a segment (MAIL_SEGMENT_KINDS). */
  segment?: MailSegmentRef;
}

/** POST /api/admin/mail/campaigns/test: the message alone, sent to the admin. */
export type CampaignTestRequest = Pick<CampaignRequest, 'subject' | 'message'>;

/** POST /api/admin/mail/preview: the message as written so far. */
export type MailPreviewRequest = Partial<CampaignTestRequest>;

/** POST /api/admin/mail/test: which of the portal's own mails to send the admin. */
export interface TestMailRequest {
  kind: 'email' | 'contact';
}

/** The message alone (the test send has no recipients). */
export function messageProblem(req: Partial<Pick<CampaignRequest, 'subject' | 'message'>>): string | null {
  if (!req.subject?.trim() || !req.message?.trim()) return EMAIL_CENTER_TEXTS.required;
  if (req.subject.length > MAIL_LIMITS.subject) return `Subject must be at most ${MAIL_LIMITS.subject} characters.`;
  if (req.message.length > MAIL_LIMITS.message) return `Message must be at most ${MAIL_LIMITS.message.toLocaleString('en-US')} characters.`;
  return null;
}

export function campaignProblem(req: Partial<CampaignRequest>): string | null {
  if (!req.subject?.trim() || !req.message?.trim()) return EMAIL_CENTER_TEXTS.required;
  return audienceProblem(req) ?? messageProblem(req);
}

export interface ContactRequest {
  name: string;
  email: string;
  category: ContactCategory | '';
  subject: string;
  message: string;
}

export function contactProblem(req: Partial<ContactRequest>): string | null {
  const fields = [req.name, req.email, req.category, req.subject, req.message];
  if (fields.some((f) => typeof f !== 'string' || !f.trim())) return CONTACT_TEXTS.required;
  if (!CONTACT_CATEGORIES.some((c) => c.value === req.category)) return 'Please choose one of the categories.';
  if ((req.name as string).length > MAIL_LIMITS.name) return `Name must be at most ${MAIL_LIMITS.name} characters.`;
  if ((req.subject as string).length > MAIL_LIMITS.subject) return `Subject must be at most ${MAIL_LIMITS.subject} characters.`;
  if ((req.message as string).length > MAIL_LIMITS.message) return `Message must be at most ${MAIL_LIMITS.message.toLocaleString('en-US')} characters.`;
  return null;
}

/** Spec section 7: '[CATEGORY LABEL IN UPPER CASE] subject'. CR/LF never reach a header. */
export function contactSubject(category: ContactCategory, subject: string): string {
  const label = CONTACT_CATEGORIES.find((c) => c.value === category)?.label ?? category;
  return `[${label.toUpperCase()}] ${oneLine(subject)}`;
}

/** A header-safe single line: CR, LF and other control characters become spaces. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface CampaignCounts {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

export interface CampaignView {
  id: string;
  subject: string;
  created_date: string;
  /** Messages made (recipients minus the opted-out). */
  total: number;
  skipped: number;
  counts: CampaignCounts;
  done: boolean;
}

export interface CampaignFailure {
  email: string;
  error: string;
  attempts: number;
}

export interface CampaignDetail extends CampaignView {
  failures: CampaignFailure[];
}

export interface CampaignCreated {
  campaign: CampaignView;
  queued: number;
  skipped: number;
}

export interface MailRecipientView {
  id: string;
  email: string;
  full_name: string | null;
  opted_out: boolean;
}

/** GET /api/admin/mail/recipients/ids?q=: every user a campaign can reach that matches (confirmed, not opted out). */
export interface MailRecipientIds {
  ids: string[];
}

export interface MailRecipientPage {
  users: MailRecipientView[];
  /** Users matching the search (all pages). */
  total: number;
}

/** The Email tab's preview: the campaign mail exactly as the template renders it (the unsubscribe link inert). */
export interface CampaignPreview {
  from: string;
  subject: string;
  html: string;
  /** The plain-text part, made from the Markdown. */
  text: string;
}

export interface TestMailResult {
  to: string;
}

export interface SubscriptionView {
  email: string;
  subscribed: boolean;
}
