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
  subtitle: 'Send an e-mail to the users you pick. Users who opted out of bulk e-mail are skipped.',
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
} as const;

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
}

export function campaignProblem(req: Partial<CampaignRequest>): string | null {
  if (!req.subject?.trim() || !req.message?.trim()) return EMAIL_CENTER_TEXTS.required;
  if (!req.all && !req.userIds?.length) return EMAIL_CENTER_TEXTS.noRecipients;
  if (req.subject.length > MAIL_LIMITS.subject) return `Subject must be at most ${MAIL_LIMITS.subject} characters.`;
  if (req.message.length > MAIL_LIMITS.message) return `Message must be at most ${MAIL_LIMITS.message.toLocaleString('en-US')} characters.`;
  if ((req.userIds?.length ?? 0) > MAIL_LIMITS.recipients) return `At most ${MAIL_LIMITS.recipients.toLocaleString('en-US')} recipients per e-mail.`;
  return null;
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
}

export interface TestMailResult {
  to: string;
}

export interface SubscriptionView {
  email: string;
  subscribed: boolean;
}
