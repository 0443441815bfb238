import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAYMENT_TEXTS as P, PORTAL_TEXTS } from '@solvr/contracts';
import { admin, signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 14: paid files through Stripe Checkout (a local stand-in for Stripe, see tools/stripe-standin.mjs). */

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

const L = PORTAL_TEXTS.downloads;

/** A paid file uploaded through the api as the first admin. */
async function uploadPaidFile(request: APIRequestContext, name: string, price: string): Promise<{ id: string }> {
  const login = await request.post('/api/auth/login', { data: admin() });
  expect(login.status()).toBe(200);
  const { access_token: token } = await login.json();
  const res = await request.post('/api/admin/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { name, is_paid: 'true', price, currency: 'USD', file: { name: `${name}.zip`, mimeType: 'application/zip', buffer: randomBytes(64 * 1024) } },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function findCard(page: Page, name: string) {
  await page.goto('/Downloads');
  await page.getByRole('searchbox', { name: L.searchLabel }).fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  return card;
}

test('a user buys a paid file through the checkout, returns, sees Download and downloads it; another user still sees Buy', async ({ page, request, browser }) => {
  const name = `Pro-Kit-${Date.now()}`;
  await uploadPaidFile(request, name, '7.50');
  const buyer = await confirmedAccount(request, 'buyer');
  const other = await confirmedAccount(request, 'other');

  const watch = await watchPage(page);
  await signIn(page, buyer);
  const card = await findCard(page, name);
  await card.getByRole('button', { name: L.buy('$7.50') }).click();

  // The provider's hosted page (the stand-in), for the price stored with the file.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_BASE}/pay/cs_test_\\w+$`));
  await expect(page.getByTestId('amount')).toHaveText('$7.50');
  await page.getByRole('button', { name: 'Pay $7.50' }).click();

  // Back on the site: the page asked the api, which recorded the webhook's purchase.
  await expect(page).toHaveURL(/\/PaymentSuccess\?session_id=cs_test_\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: P.successTitle })).toBeVisible();
  await expect(page.getByText(P.successBody(name))).toBeVisible();
  const [fromSuccess] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: L.download, exact: true }).click()]);
  expect(fromSuccess.suggestedFilename()).toBe(`${name}.zip`);

  // The library shows Download now, and it works; Buy again is gone.
  const bought = await findCard(page, name);
  await expect(bought.getByRole('button', { name: L.buy('$7.50') })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), bought.getByRole('button', { name: L.download, exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`${name}.zip`);
  expect(await download.failure()).toBeNull();
  expect(watch.problems).toEqual([]);

  // Another user still sees Buy {price}; leaving the checkout lands on the cancel page, with nothing bought.
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const stranger = await theirs.newPage();
  await signIn(stranger, other);
  const theirCard = await findCard(stranger, name);
  await expect(theirCard.getByRole('button', { name: L.download, exact: true })).toHaveCount(0);
  await theirCard.getByRole('button', { name: L.buy('$7.50') }).click();
  await expect(stranger.getByTestId('amount')).toHaveText('$7.50');
  await stranger.getByRole('link', { name: 'Cancel' }).click();
  await expect(stranger).toHaveURL(/\/PaymentCancelled$/);
  await expect(stranger.getByRole('heading', { level: 1, name: P.cancelledTitle })).toBeVisible();
  await stranger.getByRole('button', { name: P.backToDownloads }).click();
  await stranger.getByRole('searchbox', { name: L.searchLabel }).fill(name);
  await expect(stranger.getByRole('article', { name }).getByRole('button', { name: L.buy('$7.50') })).toBeVisible();
  await theirs.close();
});
