import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { googleSettings } from '@solvr/testing';
import { freePort, startOAuthProvider, startSite, startStripeStandIn, STRIPE_TEST_KEYS } from './site';

const DEFAULT_MANIFEST = {
  marketing: '/remotes/marketing/remoteEntry.js',
  portal: '/remotes/portal/remoteEntry.js',
  admin: '/remotes/admin/remoteEntry.js',
};

/** One site for the whole run, with a manifest file the tests may switch (it is read per request). */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'solvr-pw-'));
  const manifest = join(dataDir, 'remotes.json');
  writeFileSync(manifest, JSON.stringify(DEFAULT_MANIFEST));
  const google = await startOAuthProvider();
  // A known port, so PUBLIC_URL (e-mail links, the OAuth callback) is right.
  const port = await freePort();
  // Payments go to a local stand-in for Stripe, whose checkout page sends the signed webhook back to the site.
  const stripe = await startStripeStandIn({ webhookUrl: `http://localhost:${port}/api/payments/webhook` });
  const site = await startSite({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    REMOTES_MANIFEST: manifest,
    // Every browser test comes from 127.0.0.1: room for the whole suite under the per-IP limit.
    THROTTLE_PER_IP: '1000',
    ...googleSettings(google.issuer, 'solvr-e2e-client'),
    ...STRIPE_TEST_KEYS,
    STRIPE_API_BASE: stripe.base,
  });
  Object.assign(process.env, {
    E2E_BASE_URL: site.url,
    E2E_DATA_DIR: dataDir,
    E2E_MANIFEST: manifest,
    E2E_DEFAULT_MANIFEST: JSON.stringify(DEFAULT_MANIFEST),
    E2E_ADMIN_EMAIL: site.admin.email,
    E2E_ADMIN_PASSWORD: site.admin.password,
    E2E_SITE_PID: String(site.proc.pid),
    E2E_OAUTH_PID: String(google.proc.pid),
    E2E_OAUTH_CONTROL: google.control,
    E2E_STRIPE_PID: String(stripe.proc.pid),
    E2E_STRIPE_BASE: stripe.base,
  });
  site.proc.unref();
  google.proc.unref();
  stripe.proc.unref();
}
