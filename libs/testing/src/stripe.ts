import type { ChildProcess } from 'node:child_process';
import Stripe from 'stripe';
import { startTool } from './processes';

/** Test-mode keys a site runs with in tests; the stand-in signs its webhooks with the same secret. */
export const STRIPE_TEST_KEYS = { STRIPE_SECRET_KEY: 'sk_test_solvr_e2e_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_solvr_e2e_0123456789' };

/** A Checkout Session as the stand-in keeps it (Stripe's fields, plus the form the SDK sent). */
export type StandInSession = Stripe.Checkout.Session & { url: string };

export interface StripeStandIn {
  /** For STRIPE_API_BASE. */
  base: string;
  proc: ChildProcess;
  /** Where the checkout page's Pay sends the signed checkout.session.completed. */
  setWebhook(url: string): Promise<void>;
  /** The session and the form fields the SDK sent to create it. */
  session(id: string): Promise<{ session: StandInSession; sent: Record<string, string> }>;
  /** Pays the session without any webhook (the provider knows; our api not yet). */
  complete(id: string, opts?: { webhook?: boolean }): Promise<StandInSession>;
  expire(id: string): Promise<StandInSession>;
  /** Every api call answers this status until fail(0). */
  fail(status: number): Promise<void>;
  stop(): void;
}

/** tools/stripe-standin.mjs: the Checkout Sessions endpoints and a hosted checkout page, on a free local port. */
export async function startStripeStandIn(opts: { webhookSecret?: string; webhookUrl?: string } = {}): Promise<StripeStandIn> {
  const { base, proc } = await startTool<{ base: string }>('stripe-standin.mjs', {
    STANDIN_WEBHOOK_SECRET: opts.webhookSecret ?? STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    ...(opts.webhookUrl ? { STANDIN_WEBHOOK_URL: opts.webhookUrl } : {}),
  });
  const control = async <T>(path: string, body: unknown = {}): Promise<T> => {
    const res = await fetch(`${base}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`stand-in ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    base,
    proc,
    setWebhook: async (url) => void (await control('webhook', { url })),
    session: async (id) => (await fetch(`${base}/_control/sessions/${id}`)).json() as Promise<{ session: StandInSession; sent: Record<string, string> }>,
    complete: async (id, o = {}) => (await control<{ session: StandInSession }>(`sessions/${id}/complete${o.webhook ? '?webhook=1' : ''}`)).session,
    expire: async (id) => (await control<{ session: StandInSession }>(`sessions/${id}/expire`)).session,
    fail: async (status) => void (await control('fail', { status })),
    stop: () => proc.kill('SIGTERM'),
  };
}

const signer = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
let sequence = 0;

/** A webhook delivery: the exact body and its Stripe-Signature, made with the SDK's test-header helper. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

export function signedEvent(type: string, object: object, opts: { secret?: string; timestamp?: number; id?: string } = {}): SignedEvent {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${Date.now()}_${++sequence}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET, timestamp: opts.timestamp });
  return { payload, signature };
}

/** The charge.refunded object of a payment intent (refunded: the whole amount). */
export const refundedCharge = (paymentIntent: string, full = true) => ({
  id: `ch_test_${++sequence}`,
  object: 'charge',
  payment_intent: paymentIntent,
  refunded: full,
  amount_refunded: full ? 1999 : 100,
});
