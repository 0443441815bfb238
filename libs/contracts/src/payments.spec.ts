import { formatRevenue, isCheckoutSessionId, revenueOf } from './payments';

describe('payments', () => {
  it('accepts only Checkout Session ids', () => {
    for (const ok of ['cs_test_a1B2c3D4e5', 'cs_live_0123456789abcdef']) expect(isCheckoutSessionId(ok)).toBe(true);
    for (const bad of ['', 'cs_', 'pi_123456789', 'cs_test_../../x', 'cs_test_abc def1', 'CS_TEST_ABCDEFGH', `cs_${'a'.repeat(251)}`]) {
      expect(isCheckoutSessionId(bad)).toBe(false);
    }
  });

  it('sums paid purchases per currency, largest first; refunds do not count', () => {
    const p = (amount_paid: number, currency: string, payment_status: 'paid' | 'refunded' = 'paid') => ({ amount_paid, currency, payment_status });
    expect(revenueOf([p(1999, 'USD'), p(500, 'EUR'), p(1999, 'USD', 'refunded'), p(1000, 'USD'), p(700, 'GBP')])).toEqual([
      { currency: 'USD', amount: 2999 },
      { currency: 'GBP', amount: 700 },
      { currency: 'EUR', amount: 500 },
    ]);
    expect(revenueOf([p(100, 'USD', 'refunded')])).toEqual([]);
  });

  it('formats revenue as prices joined, or a dash', () => {
    expect(formatRevenue([{ currency: 'USD', amount: 2999 }, { currency: 'EUR', amount: 500 }])).toBe('$29.99 + €5.00');
    expect(formatRevenue([])).toBe('—');
  });
});
