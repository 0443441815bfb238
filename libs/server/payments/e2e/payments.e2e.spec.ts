// tiers: sqlite, services
import { randomBytes } from 'crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_TEXTS, PAYMENT_TEXTS, type AdminFileView, type CheckoutStatus, type FilePurchases, type LibraryPage, type RevenueSummary } from '@solvr/contracts';
import { type ApiApp, createApi, signIn, createAccount, heldLink, multipart, portOf, refundedCharge, signedEvent, startStripeStandIn, STRIPE_TEST_KEYS, type SignedEvent, type StripeStandIn, createTestEnv, TestEnv, TIER } from '@solvr/server-testing';

const PASSWORD = 'payments-pass-1';
type Caller = 'buyer' | 'other' | 'listed' | 'admin';
const EMAILS: Record<Caller, string> = {
  buyer: 'buyer@payments.test',
  other: 'other@payments.test',
  listed: 'listed@payments.test',
  admin: 'admin@payments.test',
};
const PUBLIC_URL = 'https://solvr.payments.test';

describe(`payments (${TIER})`, () => {
  let t: TestEnv;
  let app: ApiApp;
  let stripe: StripeStandIn;
  const tokens = {} as Record<Caller, string>;
  const ids = {} as Record<Caller, string>;
  const files = {} as Record<'usd' | 'eur' | 'free' | 'listedOnly', AdminFileView>;
  const api = () => request(app.getHttpServer());
  const as = (caller: Caller) => (req: request.Test) => req.set('Authorization', `Bearer ${tokens[caller]}`);
  const db = () => app.get(DataSource);

  async function upload(fields: Record<string, string>): Promise<AdminFileView> {
    const { body, contentType } = multipart(Object.entries(fields), [{ filename: `${fields.name}.zip`, content: randomBytes(2048) }]);
    const res = await as('admin')(api().post('/api/admin/files').set('Content-Type', contentType)).send(body);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestEnv();
    app = await createApi(t.config({ ...STRIPE_TEST_KEYS, STRIPE_API_BASE: stripe.base, PUBLIC_URL, THROTTLE_PER_IP: '1000', THROTTLE_PER_ACCOUNT: '100' }));
    await app.listen(0, '127.0.0.1');
    await stripe.setWebhook(`http://127.0.0.1:${portOf(app)}/api/payments/webhook`);
    for (const caller of Object.keys(EMAILS) as Caller[]) {
      await createAccount(app, EMAILS[caller], PASSWORD, caller === 'admin' ? 'admin' : 'user');
      const session = await signIn(app, EMAILS[caller], PASSWORD);
      tokens[caller] = session.token;
      ids[caller] = session.user.id as string;
    }
    files.usd = await upload({ name: 'Interview Kit', is_paid: 'true', price: '19.99', currency: 'USD' });
    files.eur = await upload({ name: 'Pattern Book', is_paid: 'true', price: '5', currency: 'EUR' });
    files.free = await upload({ name: 'Free Notes' });
    files.listedOnly = await upload({ name: 'Listed Kit', is_paid: 'true', price: '9.99', access_type: 'specific_users', allowed_users: JSON.stringify([EMAILS.listed]) });
  });
  afterAll(async () => {
    await app?.close();
    stripe?.stop();
    await t?.cleanup();
  });

  const library = async (caller: Caller) => ((await as(caller)(api().get('/api/files?limit=100')).expect(200)).body as LibraryPage).files;
  const availability = async (caller: Caller, fileId: string) => (await library(caller)).find((f) => f.id === fileId)?.availability;
  const checkout = (caller: Caller, fileId: string) => as(caller)(api().post(`/api/files/${fileId}/checkout`));
  const status = (caller: Caller, sessionId: string) => as(caller)(api().get(`/api/payments/sessions/${sessionId}`));
  const deliver = (event: SignedEvent, signature: string | null = event.signature) => {
    const req = api().post('/api/payments/webhook').set('Content-Type', 'application/json; charset=utf-8');
    if (signature !== null) req.set('Stripe-Signature', signature);
    return req.send(event.payload);
  };
  const purchases = async (): Promise<Array<{ stripe_session_id: string; payment_status: string; amount_paid: number | string; currency: string; user_id: string; file_id: string }>> =>
    db().query('SELECT stripe_session_id, payment_status, amount_paid, currency, user_id, file_id FROM purchases ORDER BY created_date');
  const sessionIdOf = (url: string) => url.split('/pay/')[1];

  /** Starts a checkout as the buyer would, and answers the session id. */
  async function startCheckout(caller: Caller, fileId: string): Promise<string> {
    const res = await checkout(caller, fileId).expect(200);
    expect(res.body).toEqual({ kind: 'checkout', url: expect.stringMatching(new RegExp(`^${stripe.base}/pay/cs_test_\\w+$`)) });
    return sessionIdOf(res.body.url);
  }

  let firstSession: string;
  let firstIntent: string;

  it("'Buy' creates a Checkout Session for the stored price and currency, whatever the client sends", async () => {
    expect(await availability('buyer', files.usd.id)).toBe('buy');
    const res = await checkout('buyer', files.usd.id).send({ price: 1, currency: 'JPY' }).expect(200);
    firstSession = sessionIdOf(res.body.url);
    const { sent, session } = await stripe.session(firstSession);
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Interview Kit',
      customer_email: EMAILS.buyer,
      'metadata[file_id]': files.usd.id,
      'metadata[user_id]': ids.buyer,
      success_url: `${PUBLIC_URL}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/PaymentCancelled`,
    });
    expect(session.status).toBe('open');
    // Nothing is bought yet: no purchase, no access.
    expect(await purchases()).toEqual([]);
    const dl = await as('buyer')(api().post(`/api/files/${files.usd.id}/download`)).expect(403);
    expect(dl.body.message).toBe(FILE_TEXTS.noAccess);
  });

  it('answers checkouts of hidden files with 404 and of files the caller may already download with owned', async () => {
    await checkout('buyer', 'no-such-file').expect(404);
    expect((await checkout('buyer', files.free.id).expect(200)).body).toEqual({ kind: 'owned' });
    expect((await checkout('listed', files.listedOnly.id).expect(200)).body).toEqual({ kind: 'owned' });
    await startCheckout('buyer', files.listedOnly.id); // listed for everyone, available to the listed user only
  });

  it('the success page’s question stays pending until the payment is confirmed, and is the caller’s own', async () => {
    expect((await status('buyer', firstSession).expect(200)).body).toEqual({ session_id: firstSession, status: 'pending', file_id: files.usd.id } satisfies CheckoutStatus);
    expect((await status('other', firstSession).expect(404)).body.message).toBe(PAYMENT_TEXTS.sessionNotFound);
    expect((await status('buyer', 'cs_test_unknown0123').expect(404)).body.message).toBe(PAYMENT_TEXTS.sessionNotFound);
    for (const bad of ['nope', 'pi_123456789', 'cs_test_%2E%2E']) expect((await status('buyer', bad).expect(400)).body.message).toBe(PAYMENT_TEXTS.badSessionId);
  });

  it('refuses unsigned, tampered, wrongly signed and stale webhooks with 400 and records nothing', async () => {
    const session = await stripe.complete(firstSession);
    firstIntent = session.payment_intent as string;
    const good = signedEvent('checkout.session.completed', session);
    const refused = async (res: request.Response) => expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: PAYMENT_TEXTS.badSignature });
    await refused(await deliver(good, null));
    await refused(await deliver(good, ''));
    // The same signature over a changed body (a higher amount, another buyer).
    await refused(await deliver({ payload: good.payload.replace('"amount_total":1999', '"amount_total":1'), signature: good.signature }));
    await refused(await deliver({ payload: good.payload.replace(ids.buyer, ids.other), signature: good.signature }));
    await refused(await deliver(signedEvent('checkout.session.completed', session, { secret: 'whsec_somebody_else_0123' })));
    // Signed correctly, but ten minutes ago: a replay of an old delivery.
    await refused(await deliver(signedEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 600 })));
    // Not JSON at all.
    const notJson = await api().post('/api/payments/webhook').set('Content-Type', 'text/plain').set('Stripe-Signature', good.signature).send('hello');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(await purchases()).toEqual([]);
    expect(await availability('buyer', files.usd.id)).toBe('buy');
  });

  it('a completed checkout records one paid purchase, even delivered twice, and the buyer may download at once', async () => {
    const { session } = await stripe.session(firstSession);
    // The list body before the purchase is shared by everyone who sees the same: the buyer must not get it afterwards.
    expect(await availability('other', files.usd.id)).toBe('buy');
    const event = signedEvent('checkout.session.completed', session);
    expect((await deliver(event).expect(200)).body).toEqual({ received: true });
    await deliver(event).expect(200);
    await deliver(signedEvent('checkout.session.completed', session)).expect(200); // redelivered with a new signature
    const rows = await purchases();
    expect(rows).toHaveLength(1);
    expect({ ...rows[0], amount_paid: Number(rows[0].amount_paid) }).toEqual({
      stripe_session_id: firstSession,
      payment_status: 'paid',
      amount_paid: 1999,
      currency: 'USD',
      user_id: ids.buyer,
      file_id: files.usd.id,
    });
    expect(await availability('buyer', files.usd.id)).toBe('download');
    expect(await availability('other', files.usd.id)).toBe('buy');
    const summary = (await as('buyer')(api().get('/api/files/summary')).expect(200)).body;
    // Available Files: what the buyer can download now.
    expect(summary.available_files).toBe((await library('buyer')).filter((f) => f.availability === 'download').length);
    const link = heldLink(await as('buyer')(api().post(`/api/files/${files.usd.id}/download`)).expect(200));
    await api().get(link.url).set('Cookie', link.cookie).expect(200);
    await as('other')(api().post(`/api/files/${files.usd.id}/download`)).expect(403);
    expect((await status('buyer', firstSession).expect(200)).body).toEqual({ session_id: firstSession, status: 'paid', file_id: files.usd.id });
    // Buying it again goes straight to the download.
    expect((await checkout('buyer', files.usd.id).expect(200)).body).toEqual({ kind: 'owned' });
  });

  it('confirms a paid session by asking the provider when the webhook is late, and the late webhook adds nothing', async () => {
    const sessionId = await startCheckout('buyer', files.eur.id);
    expect((await status('buyer', sessionId).expect(200)).body.status).toBe('pending');
    const session = await stripe.complete(sessionId); // paid at the provider; no webhook yet
    expect((await status('buyer', sessionId).expect(200)).body).toEqual({ session_id: sessionId, status: 'paid', file_id: files.eur.id });
    expect(await availability('buyer', files.eur.id)).toBe('download');
    await deliver(signedEvent('checkout.session.completed', session)).expect(200);
    expect((await purchases()).filter((p) => p.stripe_session_id === sessionId)).toHaveLength(1);
  });

  it('says expired for a checkout that expired unpaid, and ignores completions that are not paid or not ours', async () => {
    const sessionId = await startCheckout('other', files.eur.id);
    const expired = await stripe.expire(sessionId);
    expect((await status('other', sessionId).expect(200)).body.status).toBe('expired');
    await deliver(signedEvent('checkout.session.completed', { ...expired, status: 'complete', payment_status: 'unpaid' })).expect(200);
    await deliver(signedEvent('checkout.session.completed', { ...expired, id: 'cs_test_foreign0001', payment_status: 'paid', metadata: {} })).expect(200);
    await deliver(signedEvent('customer.created', { id: 'cus_1', object: 'customer' })).expect(200);
    expect((await purchases()).map((p) => p.stripe_session_id)).not.toContain(sessionId);
    expect(await availability('other', files.eur.id)).toBe('buy');
  });

  it('a full refund sets the purchase to refunded and ends the access; a partial one changes nothing', async () => {
    await deliver(signedEvent('charge.refunded', refundedCharge(firstIntent, false))).expect(200);
    expect(await availability('buyer', files.usd.id)).toBe('download');
    const refund = signedEvent('charge.refunded', refundedCharge(firstIntent));
    await deliver(refund).expect(200);
    await deliver(refund).expect(200);
    expect((await purchases()).find((p) => p.stripe_session_id === firstSession)?.payment_status).toBe('refunded');
    expect(await availability('buyer', files.usd.id)).toBe('buy');
    expect((await as('buyer')(api().post(`/api/files/${files.usd.id}/download`)).expect(403)).body.message).toBe(FILE_TEXTS.noAccess);
    expect((await status('buyer', firstSession).expect(200)).body.status).toBe('refunded');
    // The completion delivered again after the refund does not give the access back.
    await deliver(signedEvent('checkout.session.completed', (await stripe.session(firstSession)).session)).expect(200);
    expect(await availability('buyer', files.usd.id)).toBe('buy');
  });

  it('a refund that arrives before its completion still ends refunded (out of order, and at the same time)', async () => {
    const late = await stripe.complete(await startCheckout('other', files.usd.id));
    await deliver(signedEvent('charge.refunded', refundedCharge(late.payment_intent as string))).expect(200);
    expect((await purchases()).find((p) => p.stripe_session_id === late.id)).toBeUndefined();
    await deliver(signedEvent('checkout.session.completed', late)).expect(200);
    expect((await purchases()).find((p) => p.stripe_session_id === late.id)?.payment_status).toBe('refunded');
    expect(await availability('other', files.usd.id)).toBe('buy');

    const racing = await stripe.complete(await startCheckout('other', files.usd.id));
    await Promise.all([
      deliver(signedEvent('checkout.session.completed', racing)).expect(200),
      deliver(signedEvent('charge.refunded', refundedCharge(racing.payment_intent as string))).expect(200),
    ]);
    expect((await purchases()).find((p) => p.stripe_session_id === racing.id)?.payment_status).toBe('refunded');
    expect(await availability('other', files.usd.id)).toBe('buy');
  });

  it('shows admins each file’s purchases and revenue per currency, and the site’s revenue; users get 403', async () => {
    const usd: FilePurchases = (await as('admin')(api().get(`/api/admin/payments/files/${files.usd.id}`)).expect(200)).body;
    expect(usd.file_id).toBe(files.usd.id);
    expect(usd.purchases.map((p) => [p.buyer?.email, p.amount_paid, p.currency, p.payment_status])).toEqual([
      [EMAILS.other, 1999, 'USD', 'refunded'],
      [EMAILS.other, 1999, 'USD', 'refunded'],
      [EMAILS.buyer, 1999, 'USD', 'refunded'],
    ]);
    expect(usd.revenue).toEqual([]);
    const eur: FilePurchases = (await as('admin')(api().get(`/api/admin/payments/files/${files.eur.id}`)).expect(200)).body;
    expect(eur.purchases).toEqual([
      { id: expect.any(String), file_id: files.eur.id, buyer: { id: ids.buyer, email: EMAILS.buyer, full_name: null }, amount_paid: 500, currency: 'EUR', payment_status: 'paid', created_date: expect.any(String) },
    ]);
    expect(eur.revenue).toEqual([{ currency: 'EUR', amount: 500 }]);
    expect((await as('admin')(api().get('/api/admin/payments/files/nothing-here')).expect(200)).body).toEqual({ file_id: 'nothing-here', purchases: [], revenue: [] });
    const revenue: RevenueSummary = (await as('admin')(api().get('/api/admin/payments/revenue')).expect(200)).body;
    expect(revenue).toEqual({ revenue: [{ currency: 'EUR', amount: 500 }], paid_purchases: 1, refunded_purchases: 3 });
    await as('buyer')(api().get('/api/admin/payments/revenue')).expect(403);
    await as('buyer')(api().get(`/api/admin/payments/files/${files.usd.id}`)).expect(403);
  });

  it('answers 503 with a sentence when the provider cannot be reached, and keeps nothing', async () => {
    await stripe.fail(500);
    try {
      const res = await checkout('other', files.eur.id).expect(503);
      expect(res.body.message).toBe(PAYMENT_TEXTS.providerDown);
      const unknown = await status('other', 'cs_test_unknown0456').expect(503);
      expect(unknown.body.message).toBe(PAYMENT_TEXTS.providerDown);
    } finally {
      await stripe.fail(0);
    }
  });

  describe('without payment settings', () => {
    let bare: ApiApp;
    beforeAll(async () => {
      bare = await createApi(t.config({ RUN_MIGRATIONS: 'false' }));
      await bare.init();
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('Buy answers 503 "payments are not configured", the webhook too, and everything else works', async () => {
      const http = () => request(bare.getHttpServer());
      const res = await http().post(`/api/files/${files.usd.id}/checkout`).set('Authorization', `Bearer ${tokens.other}`).expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, message: PAYMENT_TEXTS.notConfigured });
      await http().post('/api/payments/webhook').set('Content-Type', 'application/json').send('{}').expect(503);
      const list = ((await http().get('/api/files?limit=100').set('Authorization', `Bearer ${tokens.buyer}`).expect(200)).body as LibraryPage).files;
      // Recorded purchases still count: the buyer keeps the EUR file.
      expect(list.find((f) => f.id === files.eur.id)?.availability).toBe('download');
      expect(list.find((f) => f.id === files.usd.id)?.availability).toBe('buy');
      await http().post(`/api/files/${files.free.id}/download`).set('Authorization', `Bearer ${tokens.other}`).expect(200);
    });
  });
});
