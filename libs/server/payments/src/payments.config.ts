import { ConfigError, defineConfigSection, type EnvReader } from '@solvr/server-core';

/** Where the SDK sends its requests: Stripe's api, or (tests) a local stand-in. */
export interface StripeEndpoint {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

const STRIPE_API = 'https://api.stripe.com';

function key(env: EnvReader, name: string, prefixes: string[]): string | undefined {
  const raw = env.str(name);
  if (raw === undefined) return undefined;
  if (!prefixes.some((p) => raw.startsWith(p)) || !/^[A-Za-z0-9_]{10,255}$/.test(raw)) {
    throw new ConfigError(name, `expected a key starting with ${prefixes.join(' or ')} (from the provider's dashboard)`);
  }
  return raw;
}

function endpoint(env: EnvReader): StripeEndpoint {
  const raw = env.url('STRIPE_API_BASE', ['http', 'https']) ?? STRIPE_API;
  const url = new URL(raw);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.username) {
    throw new ConfigError('STRIPE_API_BASE', `expected only a scheme, host and port such as ${STRIPE_API}, got "${raw}"`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443) };
}

/**
 * STRIPE_SECRET_KEY (sk_… or a restricted rk_… key) and STRIPE_WEBHOOK_SECRET (whsec_…, the signing secret of the
 * webhook endpoint registered for $PUBLIC_URL/api/payments/webhook): both, or neither (then Buy answers that payments
 * are not configured). STRIPE_API_BASE points the SDK elsewhere (tests use a local stand-in).
 */
export const paymentsConfig = defineConfigSection('payments', (env) => {
  const secretKey = key(env, 'STRIPE_SECRET_KEY', ['sk_', 'rk_']);
  const webhookSecret = key(env, 'STRIPE_WEBHOOK_SECRET', ['whsec_']);
  if (!secretKey !== !webhookSecret) {
    throw new ConfigError(secretKey ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY', 'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither');
  }
  return {
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, endpoint: endpoint(env) } : null,
  };
});
export type PaymentsConfig = ReturnType<typeof paymentsConfig.read>;
