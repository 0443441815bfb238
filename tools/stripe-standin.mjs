// A local stand-in for Stripe in tests: the two Checkout Session endpoints the api calls through the official SDK
// (pointed here with STRIPE_API_BASE), and a hosted checkout page that pays, sends the signed webhook and returns to
// the success url, as Stripe's would. Prints one JSON line: { "base": "http://127.0.0.1:PORT" }. Runs until killed.
//
//   POST /v1/checkout/sessions            create (form-encoded, as the SDK sends it); the url is /pay/:id here
//   GET  /v1/checkout/sessions/:id        retrieve (404 resource_missing when unknown)
//   GET  /pay/:id                         the checkout page: Pay, or Cancel back to cancel_url
//   POST /pay/:id                         pays: the session completes, checkout.session.completed is signed with
//                                         STANDIN_WEBHOOK_SECRET and POSTed to STANDIN_WEBHOOK_URL, then 303 to success_url
//   POST /_control/sessions/:id/complete  completes without a webhook (?webhook=1 sends it too); answers the session
//   POST /_control/sessions/:id/expire    expires an open session
//   GET  /_control/sessions/:id           the session and the form fields the SDK sent
//   POST /_control/fail                   {"status":500}: every api call fails with that status until {"status":0}
//   POST /_control/webhook                {"url":"..."}: where webhooks go (instead of STANDIN_WEBHOOK_URL)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Stripe from 'stripe';

const port = Number(process.argv[2] ?? 0);
let webhookUrl = process.env.STANDIN_WEBHOOK_URL ?? '';
const webhookSecret = process.env.STANDIN_WEBHOOK_SECRET ?? '';
const signer = new Stripe('sk_test_standin_signer');
const sessions = new Map();
const sent = new Map();
let failing = 0;

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function stripeError(res, status, code, message) {
  json(res, status, { error: { type: 'invalid_request_error', code, message } });
}

async function bodyOf(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

function createSession(base, form) {
  const f = (key) => form.get(key);
  const quantity = Number(f('line_items[0][quantity]') ?? 1);
  const unit = Number(f('line_items[0][price_data][unit_amount]'));
  const currency = f('line_items[0][price_data][currency]');
  if (f('mode') !== 'payment' || !Number.isInteger(unit) || unit <= 0 || !currency || !f('success_url') || !f('cancel_url')) return null;
  const metadata = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(\w+)\]$/.exec(key);
    if (m) metadata[m[1]] = value;
  }
  const session = {
    id: id('cs_test'),
    object: 'checkout.session',
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: unit * quantity,
    amount_subtotal: unit * quantity,
    currency,
    metadata,
    client_reference_id: f('client_reference_id') ?? null,
    customer_email: f('customer_email') ?? null,
    payment_intent: null,
    success_url: f('success_url'),
    cancel_url: f('cancel_url'),
    created: now(),
    expires_at: now() + 24 * 3600,
    livemode: false,
    product_name: f('line_items[0][price_data][product_data][name]') ?? '',
  };
  session.url = `${base}/pay/${session.id}`;
  sessions.set(session.id, session);
  sent.set(session.id, Object.fromEntries(form));
  return session;
}

function complete(session) {
  if (session.status === 'open') Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
  return session;
}

/** Signs an event over the exact body sent, with the SDK's test-header helper, and delivers it to the api. */
async function sendWebhook(type, object) {
  if (!webhookUrl || !webhookSecret) throw new Error('STANDIN_WEBHOOK_URL and STANDIN_WEBHOOK_SECRET are needed to send webhooks');
  const { product_name: _name, ...data } = object;
  const payload = JSON.stringify({ id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), type, data: { object: data }, livemode: false, pending_webhooks: 1 });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const res = await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': header }, body: payload });
  if (!res.ok) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
}

function checkoutPage(session) {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
  const done = session.status !== 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in checkout</title></head><body>
<main><h1>Stand-in checkout</h1><p>Pay ${escape(session.product_name)}</p><p data-testid="amount">${escape(amount)}</p>
${done ? `<p>This checkout is ${escape(session.status)}.</p>` : `<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay ${escape(amount)}</button></form>`}
<p><a href="${escape(session.cancel_url)}">Cancel</a></p></main></body></html>`;
}

const server = createServer(async (req, res) => {
  try {
    const base = `http://127.0.0.1:${server.address().port}`;
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    let m;
    if (path === '/favicon.ico') return res.writeHead(204).end();
    if (path.startsWith('/v1/')) {
      if (!/^Bearer (sk|rk)_\w+$/.test(req.headers.authorization ?? '')) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (failing) return json(res, failing, { error: { type: 'api_error', message: 'The stand-in was told to fail.' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const session = createSession(base, new URLSearchParams(await bodyOf(req)));
      return session ? json(res, 200, session) : stripeError(res, 400, 'parameter_missing', 'A payment-mode session needs one priced line item and both return urls.');
    }
    if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const session = sessions.get(m[1]);
      if (!session) return stripeError(res, 404, 'resource_missing', `No such checkout.session: '${m[1]}'`);
      const { product_name: _name, ...data } = session;
      return json(res, 200, data);
    }
    if ((m = /^\/pay\/([\w-]+)$/.exec(path))) {
      const session = sessions.get(m[1]);
      if (!session) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such checkout');
      if (req.method === 'GET') return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
      if (session.status === 'open') {
        complete(session);
        await sendWebhook('checkout.session.completed', session);
      }
      return res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
    }
    if ((m = /^\/_control\/sessions\/([\w-]+)(?:\/(complete|expire))?$/.exec(path))) {
      const session = sessions.get(m[1]);
      if (!session) return json(res, 404, { error: 'no such session' });
      if (m[2] === 'complete') {
        complete(session);
        if (url.searchParams.get('webhook') === '1') await sendWebhook('checkout.session.completed', session);
      }
      if (m[2] === 'expire' && session.status === 'open') session.status = 'expired';
      return json(res, 200, { session, sent: sent.get(session.id) });
    }
    if (req.method === 'POST' && path === '/_control/fail') {
      failing = Number(JSON.parse((await bodyOf(req)) || '{}').status ?? 500);
      return json(res, 200, { failing });
    }
    if (req.method === 'POST' && path === '/_control/webhook') {
      webhookUrl = String(JSON.parse(await bodyOf(req)).url);
      return json(res, 200, { webhookUrl });
    }
    json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  } catch (err) {
    json(res, 500, { error: { type: 'api_error', message: String(err?.message ?? err) } });
  }
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ base: `http://127.0.0.1:${server.address().port}` }) + '\n');
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
