import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MESSAGES } from '@solvr/contracts';
import { resetManifest, setManifest, signIn } from '../support/fixtures';
import { closeServer, portOf, ROOT, serveStatic } from '../support/site';

test.afterEach(() => resetManifest());

test('react, the router, redux and our web libs are single instances across shell and remotes', async ({ page }) => {
  await signIn(page);
  // One page load, then client-side navigation only, so all three remotes live in the same window.
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/About');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'About Solvr' })).toBeVisible();

  const probes = await page.evaluate(() => (window as { __solvrCheckSingletons?: () => Promise<Record<string, Record<string, boolean>>> }).__solvrCheckSingletons?.());
  expect(Object.keys(probes ?? {}).sort()).toEqual(['admin', 'marketing', 'portal']);
  for (const [, libs] of Object.entries(probes!)) {
    expect(libs).toEqual({
      react: true,
      'react-dom': true,
      wouter: true,
      '@solvr/web-ui': true,
      '@solvr/web-data': true,
      '@solvr/web-accounts': true,
      '@solvr/web-files': true,
      '@solvr/web-releases': true,
      '@solvr/web-news': true,
    });
  }
});

test('a remote is redeployed by switching the manifest, without rebuilding the shell', async ({ page }) => {
  const v2 = await serveStatic(join(ROOT, 'tmp/marketing-v2'));
  try {
    await page.goto('/About');
    await expect(page.locator('[data-build]')).toHaveAttribute('data-build', 'local');
    setManifest({ marketing: `http://127.0.0.1:${portOf(v2)}/remoteEntry.js` });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'About Solvr' })).toBeVisible();
    await expect(page.locator('[data-build]')).toHaveAttribute('data-build', 'v2');
  } finally {
    await closeServer(v2);
  }
});

test('with the admin remote down the shell shows Retry, other areas keep working, and Retry recovers', async ({ page }) => {
  // The admin remote as its own deployment, which we then stop.
  let adminServer = await serveStatic(join(ROOT, 'dist/apps/admin'));
  const port = portOf(adminServer);
  setManifest({ admin: `http://127.0.0.1:${port}/remoteEntry.js` });
  await closeServer(adminServer);

  await signIn(page);
  await page.goto('/Admin');
  await expect(page.getByText(MESSAGES.remote.failed)).toBeVisible();
  const retry = page.getByRole('button', { name: MESSAGES.remote.retry });
  await expect(retry).toBeVisible();
  // The header (shell) still works, and so do the other remotes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
  await page.goto('/Landing');
  await expect(page.getByRole('heading', { name: /Ace your coding interviews/ })).toBeVisible();

  await page.goto('/Admin');
  await expect(retry).toBeVisible();
  adminServer = await serveStatic(join(ROOT, 'dist/apps/admin'), port);
  try {
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await closeServer(adminServer);
  }
});

test('the landing page loads no admin-only code and not the profile form with its country tables', async ({ page }) => {
  const urls = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') urls.add(res.url());
  });
  await page.goto('/Landing');
  await expect(page.getByRole('heading', { name: /Ace your coding interviews/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Read again rather than from the page's responses: a preloaded script's body is not kept for the page's own.
  const loaded = await Promise.all([...urls].map(async (url) => ({ url, body: await (await page.request.get(url)).text() })));
  // The scripts were seen (the landing page's own copy is among them)...
  expect(loaded.some((s) => s.body.includes('Ace your coding interviews'))).toBe(true);
  // ...and none is @solvr/web-accounts/admin, the admin remote, or the Complete Profile chunk with its country tables.
  expect(loaded.filter((s) => s.body.includes('/admin/summary')).map((s) => s.url)).toEqual([]);
  expect(loaded.filter((s) => s.url.includes('/remotes/admin/')).map((s) => s.url)).toEqual([]);
  expect(loaded.filter((s) => s.body.includes('Badakhshan')).map((s) => s.url)).toEqual([]);
});
