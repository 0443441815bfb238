import { configOf, loadConfig } from '@solvr/server-core';
import { paymentsConfig } from './payments.config';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' };
const read = (env: Record<string, string> = {}) =>
  configOf(loadConfig({ DATA_DIR: '/tmp/solvr-payments-config', JWT_SECRET: 'a-jwt-secret-that-is-long-enough-0123456789', ...env }), paymentsConfig);

describe('payments settings', () => {
  it('leaves payments off without keys', () => {
    expect(read()).toEqual({ stripe: null });
    expect(read({ STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' })).toEqual({ stripe: null });
  });

  it("takes both keys, talking to Stripe's api by default", () => {
    expect(read(KEYS).stripe).toEqual({ secretKey: KEYS.STRIPE_SECRET_KEY, webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET, endpoint: { protocol: 'https', host: 'api.stripe.com', port: 443 } });
    expect(read({ ...KEYS, STRIPE_SECRET_KEY: 'rk_live_0123456789abcdef' }).stripe?.secretKey).toBe('rk_live_0123456789abcdef');
  });

  it('points the SDK at another base (the tests’ stand-in)', () => {
    expect(read({ ...KEYS, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.endpoint).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    expect(read({ ...KEYS, STRIPE_API_BASE: 'http://stripe-mock/' }).stripe?.endpoint).toEqual({ protocol: 'http', host: 'stripe-mock', port: 80 });
    for (const bad of ['ftp://x', 'not a url', 'https://api.stripe.com/v1', 'https://api.stripe.com/?a=1']) {
      expect(() => read({ ...KEYS, STRIPE_API_BASE: bad })).toThrow('Invalid setting STRIPE_API_BASE');
    }
  });

  it('refuses one key without the other, and keys of the wrong kind', () => {
    expect(() => read({ STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY })).toThrow(
      'Invalid setting STRIPE_WEBHOOK_SECRET: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither',
    );
    expect(() => read({ STRIPE_WEBHOOK_SECRET: KEYS.STRIPE_WEBHOOK_SECRET })).toThrow('Invalid setting STRIPE_SECRET_KEY');
    expect(() => read({ ...KEYS, STRIPE_SECRET_KEY: 'pk_test_0123456789abcdef' })).toThrow('Invalid setting STRIPE_SECRET_KEY: expected a key starting with sk_ or rk_');
    expect(() => read({ ...KEYS, STRIPE_SECRET_KEY: 'REPLACE_ME' })).toThrow('Invalid setting STRIPE_SECRET_KEY');
    expect(() => read({ ...KEYS, STRIPE_WEBHOOK_SECRET: 'sk_test_0123456789abcdef' })).toThrow('Invalid setting STRIPE_WEBHOOK_SECRET: expected a key starting with whsec_');
  });
});
