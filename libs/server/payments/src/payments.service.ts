import { BadRequestException, HttpException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import Stripe from 'stripe';
import { In, Repository } from 'typeorm';
import {
  isCheckoutSessionId,
  pathTo,
  PAYMENT_TEXTS,
  revenueOf,
  type CheckoutStart,
  type CheckoutStatus,
  type FilePurchases,
  type PaymentStatus,
  type PurchaseView,
  type RevenueSummary,
} from '@solvr/contracts';
import { type AppConfig, applyRecordQuery, InjectConfig, type RecordQuery } from '@solvr/server-core';
import { UsersService } from '@solvr/server-users';
import { paymentsConfig, type PaymentsConfig } from './payments.config';
import { PaymentRefund, Purchase } from './purchase.entity';

/** What is bought, as the files feature states it from its own record (never from the client). */
export interface CheckoutItem {
  fileId: string;
  name: string;
  /** Minor units (cents). */
  price: number;
  currency: string;
}

/** The signed-in buyer. */
export interface Buyer {
  id: string;
  email: string;
}

/** Stripe's signature tolerance: an event signed longer ago than this is refused as stale (replayed). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * The one owner of `purchases` and `payment_refunds`. Starts Stripe Checkout Sessions, records a purchase when the
 * provider confirms the payment (signed webhook, or the session read back from the provider), applies refunds in any
 * order, and tells the files feature which paid files a user bought.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly stripe: Stripe | null;

  constructor(
    @InjectRepository(Purchase) private readonly purchases: Repository<Purchase>,
    @InjectRepository(PaymentRefund) private readonly refunds: Repository<PaymentRefund>,
    private readonly users: UsersService,
    @InjectConfig(paymentsConfig) private readonly settings: PaymentsConfig,
    @InjectConfig() private readonly app: AppConfig,
  ) {
    const s = settings.stripe;
    this.stripe = s
      ? new Stripe(s.secretKey, { ...s.endpoint, maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: app.brand.product } })
      : null;
  }

  /** The buyers of a file who still own it (paid, not refunded): distinct user ids after `after`, ascending, at most `limit`. */
  async buyerIds(fileId: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.purchases
      .createQueryBuilder('p')
      .select('DISTINCT p.user_id', 'id')
      .where('p.file_id = :fileId AND p.payment_status = :paid AND p.user_id > :after', { fileId, paid: 'paid', after })
      .orderBy('p.user_id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** Ids of the files the user bought and still owns (paid, not refunded). */
  async paidFileIds(userId: string): Promise<Set<string>> {
    const rows = await this.purchases.find({ select: { fileId: true }, where: { userId, paymentStatus: 'paid' } });
    return new Set(rows.map((r) => r.fileId));
  }

  /** A user's purchases, newest first, at most `limit` (the admin's user panel; the files feature adds the file names). */
  purchasesBy(userId: string, limit: number): Promise<Purchase[]> {
    return this.purchases.find({ where: { userId }, order: { createdDate: 'DESC', id: 'DESC' }, take: limit });
  }

  /** The purchases matching a query (the platform layer's filters, sort and page); the caller adds `user_id` for a buyer. */
  records(query: RecordQuery): Promise<Purchase[]> {
    return applyRecordQuery(this.purchases.createQueryBuilder('p'), query).getMany();
  }

  /** A Checkout Session for the item's stored price; the browser is sent to its url. */
  async startCheckout(item: CheckoutItem, buyer: Buyer): Promise<CheckoutStart> {
    const stripe = this.requireStripe();
    const site = this.app.publicUrl;
    const metadata = { file_id: item.fileId, user_id: buyer.id };
    try {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: item.currency.toLowerCase(), unit_amount: item.price, product_data: { name: item.name } } }],
        customer_email: buyer.email,
        client_reference_id: buyer.id,
        metadata,
        payment_intent_data: { metadata },
        // Stripe puts the session id in place of {CHECKOUT_SESSION_ID}; the page checks it with the api, never trusts it.
        success_url: `${site}${pathTo('PaymentSuccess')}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}${pathTo('PaymentCancelled')}`,
      });
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
      return { kind: 'checkout', url: session.url };
    } catch (err) {
      throw this.providerError(err, 'create a checkout');
    }
  }

  /**
   * POST /api/payments/webhook: verifies the signature over the raw body (400 when missing, wrong or older than
   * WEBHOOK_TOLERANCE_SECONDS), then applies the event. Every write is idempotent, so a redelivery changes nothing.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<void> {
    const stripe = this.requireStripe();
    let event: Stripe.Event;
    try {
      if (!signature || !rawBody) throw new Error('unsigned');
      event = stripe.webhooks.constructEvent(rawBody, signature, this.settings.stripe?.webhookSecret ?? '', WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new BadRequestException(PAYMENT_TEXTS.badSignature);
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (event.data.object.payment_status === 'paid') await this.recordPaid(event.data.object);
        return;
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = idOf(charge.payment_intent);
        // A partial refund leaves the purchase (and the access) as it is; the full one ends it.
        if (charge.refunded && intent) await this.recordRefund(intent);
        return;
      }
      default:
        return;
    }
  }

  /** The success page's question: paid only once a purchase is recorded (the webhook, or the session read back now). */
  async statusFor(sessionId: string, userId: string): Promise<CheckoutStatus> {
    if (!isCheckoutSessionId(sessionId)) throw new BadRequestException(PAYMENT_TEXTS.badSessionId);
    const known = await this.purchases.findOneBy({ stripeSessionId: sessionId });
    if (known) {
      if (known.userId !== userId) throw new NotFoundException(PAYMENT_TEXTS.sessionNotFound);
      return { session_id: sessionId, status: known.paymentStatus, file_id: known.fileId };
    }
    const stripe = this.requireStripe();
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (err) {
      throw this.providerError(err, 'read a checkout', PAYMENT_TEXTS.sessionNotFound);
    }
    const fileId = session.metadata?.file_id;
    if (!fileId || session.metadata?.user_id !== userId) throw new NotFoundException(PAYMENT_TEXTS.sessionNotFound);
    if (session.status === 'complete' && session.payment_status === 'paid') {
      const recorded = await this.recordPaid(session);
      if (recorded) return { session_id: sessionId, status: recorded.paymentStatus, file_id: recorded.fileId };
    }
    return { session_id: sessionId, status: session.status === 'expired' ? 'expired' : 'pending', file_id: fileId };
  }

  /** The whole site's revenue per currency, from paid purchases. */
  async revenue(): Promise<RevenueSummary> {
    const rows: Array<{ currency: string; status: PaymentStatus; amount: string | number; n: string | number }> = await this.purchases
      .createQueryBuilder('p')
      .select('p.currency', 'currency')
      .addSelect('p.payment_status', 'status')
      .addSelect('SUM(p.amount_paid)', 'amount')
      .addSelect('COUNT(*)', 'n')
      .groupBy('p.currency')
      .addGroupBy('p.payment_status')
      .getRawMany();
    const count = (status: PaymentStatus) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + Number(r.n), 0);
    return {
      revenue: revenueOf(rows.map((r) => ({ amount_paid: Number(r.amount), currency: r.currency, payment_status: r.status }))),
      paid_purchases: count('paid'),
      refunded_purchases: count('refunded'),
    };
  }

  /** A file's purchases, newest first, with their buyers, and its revenue per currency. */
  async purchasesOf(fileId: string): Promise<FilePurchases> {
    const rows = await this.purchases.find({ where: { fileId }, order: { createdDate: 'DESC', id: 'DESC' } });
    const buyers = new Map<string, PurchaseView['buyer']>();
    for (const userId of new Set(rows.map((r) => r.userId))) {
      const user = await this.users.findById(userId);
      buyers.set(userId, user ? { id: user.id, email: user.email, full_name: user.fullName ?? null } : null);
    }
    const purchases: PurchaseView[] = rows.map((r) => ({
      id: r.id,
      file_id: r.fileId,
      buyer: buyers.get(r.userId) ?? null,
      amount_paid: r.amountPaid,
      currency: r.currency,
      payment_status: r.paymentStatus,
      created_date: r.createdDate.toISOString(),
    }));
    return { file_id: fileId, purchases, revenue: revenueOf(purchases) };
  }

  /**
   * A confirmed payment becomes one purchase (a second delivery finds the session's row and inserts nothing). A
   * refund seen earlier for its payment is applied at once. Null for a session this site did not create.
   */
  private async recordPaid(session: Stripe.Checkout.Session): Promise<Purchase | null> {
    const fileId = session.metadata?.file_id;
    const userId = session.metadata?.user_id;
    if (!fileId || !userId || session.amount_total === null || !session.currency) {
      this.logger.warn(`Checkout Session ${session.id} is not one of ours (no file or user in its metadata): ignored`);
      return null;
    }
    const intent = idOf(session.payment_intent);
    const now = new Date();
    await this.purchases
      .createQueryBuilder()
      .insert()
      .into(Purchase)
      .values({
        id: randomUUID(),
        fileId,
        userId,
        stripeSessionId: session.id,
        stripePaymentIntent: intent,
        amountPaid: session.amount_total,
        currency: session.currency.toUpperCase(),
        paymentStatus: 'paid',
        createdDate: now,
        updatedDate: now,
      })
      .orIgnore()
      .execute();
    // The refund writes its row before it updates purchases, and this reads refunds after inserting the purchase:
    // whichever of the two comes second sees the other, in any order and even at the same time.
    if (intent && (await this.refunds.existsBy({ stripePaymentIntent: intent }))) await this.markRefunded(intent);
    return this.purchases.findOneBy({ stripeSessionId: session.id });
  }

  private async recordRefund(intent: string): Promise<void> {
    await this.refunds.createQueryBuilder().insert().into(PaymentRefund).values({ stripePaymentIntent: intent, createdDate: new Date() }).orIgnore().execute();
    await this.markRefunded(intent);
  }

  private async markRefunded(intent: string): Promise<void> {
    await this.purchases.update({ stripePaymentIntent: intent, paymentStatus: In(['paid']) }, { paymentStatus: 'refunded', updatedDate: new Date() });
  }

  private requireStripe(): Stripe {
    if (!this.stripe) throw new ServiceUnavailableException(PAYMENT_TEXTS.notConfigured);
    return this.stripe;
  }

  /** The provider refused the request (4xx with its reason, 404 for an unknown object) or could not be reached (503). */
  private providerError(err: unknown, what: string, notFound?: string): HttpException {
    if (err instanceof HttpException) return err;
    if (err instanceof Stripe.errors.StripeInvalidRequestError) {
      if (notFound && (err.code === 'resource_missing' || err.statusCode === 404)) return new NotFoundException(notFound);
      this.logger.warn(`The provider refused to ${what}: ${err.message}`);
      return new BadRequestException(PAYMENT_TEXTS.checkoutRefused);
    }
    this.logger.error(`Could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
    return new ServiceUnavailableException(PAYMENT_TEXTS.providerDown);
  }
}
