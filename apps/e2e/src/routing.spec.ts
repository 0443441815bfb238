import { expect, test } from '@playwright/test';
import { MESSAGES } from '@solvr/contracts';

test.describe('route table', () => {
  test('the last segment picks the page, case-insensitively', async ({ page }) => {
    for (const path of ['/Landing', '/landing', '/LANDING', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /Ace your coding interviews/ })).toBeVisible();
    }
    for (const path of ['/NewsPage', '/newspage', '/some/where/NEWSPAGE']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Latest News & Updates' })).toBeVisible();
    }
    await page.goto('/howitworks');
    await expect(page.getByRole('heading', { name: 'How It Works', level: 1 })).toBeVisible();
  });

  test('an unknown segment falls back to Landing', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: /Ace your coding interviews/ })).toBeVisible();
  });

  test('public pages have no signed-in header', async ({ page }) => {
    await page.goto('/About');
    await expect(page.getByRole('navigation', { name: 'Public' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('signed-out visitors get Access Denied on signed-in pages', async ({ page }) => {
    for (const path of ['/Help', '/downloads', '/Contact', '/Admin', '/SolvrDownload', '/MigrationGuide']) {
      await page.goto(path);
      await expect(page.getByText(MESSAGES.access.deniedTitle)).toBeVisible();
      await expect(page.getByText(MESSAGES.access.deniedBody)).toBeVisible();
    }
    await page.getByRole('button', { name: MESSAGES.access.goToLanding }).click();
    await expect(page).toHaveURL(/\/Landing$/);
  });

  test('Dashboard and CompleteProfile redirect signed-out visitors to /Signin', async ({ page }) => {
    await page.goto('/Dashboard');
    await expect(page).toHaveURL(/\/Signin$/);
    await page.goto('/CompleteProfile?hasPassword=no');
    await expect(page).toHaveURL(/\/Signin$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test("shows 'Loading Solvr...' while the session loads", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/Help');
    await expect(page.getByText('Loading Solvr...')).toBeVisible();
    release();
    await expect(page.getByText(MESSAGES.access.deniedTitle)).toBeVisible();
  });
});
