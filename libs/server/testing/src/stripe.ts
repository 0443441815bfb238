import { randomBytes } from 'crypto';
import type { Server } from 'http';
import request from 'supertest';
import { signedEvent } from '@solvr/testing';

/** A paid purchase, recorded as the payment flow records it: by Stripe's signed webhook. Returns the session id. */
export async function purchaseByWebhook(server: Server, userId: string, fileId: string, amount = 1999): Promise<string> {
  const session = `cs_test_bought_${randomBytes(6).toString('hex')}`;
  const event = signedEvent('checkout.session.completed', {
    id: session,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    amount_total: amount,
    currency: 'usd',
    payment_intent: `pi_${session}`,
    metadata: { file_id: fileId, user_id: userId },
  });
  await request(server).post('/api/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', event.signature).send(event.payload).expect(200);
  return session;
}
