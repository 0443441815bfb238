import { formatPrice } from './files';

/**
 * Paid files (issue 14): Stripe Checkout, a Purchase per completed checkout (spec section 3: id, file_id, user_id,
 * stripe_session_id, amount_paid, currency, payment_status, created_date), refunds. The spec does not list the values
 * of payment_status: a purchase is recorded when the payment is confirmed, so it is `paid`, or `refunded` later.
 */
export const PAYMENT_STATUSES = ['paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** POST /api/files/:id/checkout: where the browser goes next. `owned`: the caller already has the file (no payment). */
export type CheckoutStart = { kind: 'checkout'; url: string } | { kind: 'owned' };

/**
 * GET /api/payments/sessions/:sessionId, polled by the success page. `paid` only once the purchase is recorded (by the
 * webhook, or by the api after it read the session from the provider); `pending` until then.
 */
export interface CheckoutStatus {
  session_id: string;
  status: 'pending' | 'expired' | PaymentStatus;
  /** The file this checkout is for. */
  file_id: string;
}

/** An amount in minor units (cents) of one currency (ISO 4217, upper case). */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

/** One purchase as admins see it. */
export interface PurchaseView {
  id: string;
  file_id: string;
  /** Null once the account is gone. */
  buyer: { id: string; email: string; full_name: string | null } | null;
  /** Cents actually paid (the provider's amount_total). */
  amount_paid: number;
  currency: string;
  payment_status: PaymentStatus;
  /** ISO 8601. */
  created_date: string;
}

/** GET /api/admin/payments/files/:fileId: a paid file's purchases (newest first) and its revenue per currency. */
export interface FilePurchases {
  file_id: string;
  purchases: PurchaseView[];
  /** Sum of the `paid` purchases (refunded ones do not count), per currency, largest first. */
  revenue: CurrencyAmount[];
}

/** GET /api/admin/payments/revenue: the whole site's revenue per currency (the admin Overview). */
export interface RevenueSummary {
  /** Sum of the `paid` purchases per currency, largest first; empty when nothing was sold. */
  revenue: CurrencyAmount[];
  paid_purchases: number;
  refunded_purchases: number;
}

/** Stripe's Checkout Session ids ("cs_test_…", "cs_live_…"): anything else is refused before asking the provider. */
export function isCheckoutSessionId(value: string): boolean {
  return /^cs_[A-Za-z0-9_]{8,250}$/.test(value);
}

/** Revenue per currency of a list of purchases: `paid` ones only, largest amount first, then by currency. */
export function revenueOf(purchases: ReadonlyArray<Pick<PurchaseView, 'amount_paid' | 'currency' | 'payment_status'>>): CurrencyAmount[] {
  const sums = new Map<string, number>();
  for (const p of purchases) if (p.payment_status === 'paid') sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amount_paid);
  return [...sums].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

/** "$19.99 + €5.00", or the empty text when there is none. */
export const formatRevenue = (revenue: readonly CurrencyAmount[], none = '—') =>
  revenue.length ? revenue.map((r) => formatPrice(r.amount, r.currency)).join(' + ') : none;

/** Texts of the payment flow, shown by the web and answered by the api. */
export const PAYMENT_TEXTS = {
  notConfigured: 'Payments are not configured on this site, so this file cannot be bought yet. Please contact support.',
  providerDown: 'The payment provider could not be reached. Please try again in a moment.',
  badSignature: 'The webhook signature is missing, invalid or too old.',
  badSessionId: 'This is not a checkout session reference.',
  sessionNotFound: 'This payment was not found.',
  checkoutFailed: 'The checkout could not be started. Please try again.',
  checkoutRefused: 'The payment provider refused this checkout (for example, a price below its minimum charge). Please contact support.',
  redirecting: 'Taking you to the secure checkout...',
  // Return pages.
  successTitle: 'Payment received: your download is ready',
  successBody: (name: string | null) => (name ? `${name} is now yours. Download it here or any time from Downloads.` : 'The file is now yours. Download it here or any time from Downloads.'),
  confirmingTitle: 'Confirming your payment...',
  confirmingBody: 'We are waiting for the payment provider to confirm your payment. This page updates by itself; it usually takes a few seconds.',
  stillConfirming: 'This is taking longer than usual. You can leave this page: the file shows Download in your library as soon as the payment is confirmed.',
  refundedTitle: 'This payment was refunded',
  refundedBody: 'The file is no longer available to you. You can buy it again from Downloads.',
  expiredTitle: 'This checkout expired',
  expiredBody: 'No payment was taken. You can start again from Downloads.',
  missingTitle: 'Payment not found',
  missingBody: 'This page needs the reference the checkout returns with. Your purchases show Download in your library.',
  statusFailed: 'Could not check the payment. Retrying...',
  cancelledTitle: 'Payment cancelled',
  cancelledBody: 'You have not been charged. You can buy the file any time from Downloads.',
  backToDownloads: 'Back to Downloads',
  goToDownloads: 'Go to Downloads',
  // Admin Files tab.
  purchases: (n: number) => `Purchases (${n})`,
  showPurchases: 'Show purchases',
  loadingPurchases: 'Loading purchases...',
  purchasesFailed: 'Could not load the purchases.',
  noPurchases: 'No purchases yet',
  revenue: 'Revenue',
  buyer: 'Buyer',
  amount: 'Amount',
  status: 'Status',
  date: 'Date',
  deletedBuyer: 'Deleted account',
  statusLabel: { paid: 'Paid', refunded: 'Refunded' } as Record<PaymentStatus, string>,
} as const;
