import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/fixtures';

/**
 * Issue 11 items 5-7 in the browser: the public header as laid out (the mobile menu, sticky), the content pages and
 * Help and the Migration Guide not scrolling sideways, and a copy button with the browser's clipboard; at 1366 and
 * 390 px. The texts of these pages (the header's links, the footer, each page's own reading of the claims, Help's
 * accordion by keyboard, the guide's blocks) are jsdom tests: apps/marketing/src/PublicLayout.spec.tsx,
 * apps/marketing/src/pages/content-pages.spec.tsx, apps/portal/src/help/help-view.spec.tsx and
 * apps/portal/src/migration-guide/migration-guide-view.spec.tsx.
 */
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const narrow = viewport.width < 860;

  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('header: every link shown (from the menu button on a phone); sticky', async ({ page }) => {
      await page.goto('/About');
      const header = page.getByRole('banner');
      if (narrow) {
        // The server-rendered button answers once the page has hydrated; a tap before that is tried again, as a user would.
        const toggle = header.getByRole('button', { name: 'Toggle menu' });
        await expect(async () => {
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
        }).toPass();
      }
      const links = header.getByRole('navigation', { name: 'Public' }).getByRole('link');
      await expect(links).toHaveCount(6);
      for (const link of await links.all()) await expect(link).toBeVisible();
      expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    });

    test('no content page scrolls sideways', async ({ page }) => {
      for (const path of ['/Landing', '/HowItWorks', '/About', '/Proof']) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        expect(await noHorizontalScroll(page), path).toBe(true);
      }
    });

    test('signed in: Help and the Migration Guide do not scroll sideways; a copy button fills the clipboard', async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await signIn(page);
      await page.goto('/Help');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
      expect(await noHorizontalScroll(page), '/Help').toBe(true);

      await page.goto('/MigrationGuide');
      await expect(main.getByRole('heading', { level: 1, name: 'Self-hosting Migration Guide' })).toBeVisible();
      await main.getByRole('button', { name: 'Copy Deploy command' }).click();
      await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Copied to clipboard!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('kubectl apply -k k8s/overlays/prod');
      expect(await noHorizontalScroll(page), '/MigrationGuide').toBe(true);
    });
  });
}
