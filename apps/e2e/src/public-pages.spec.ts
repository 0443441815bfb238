import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROOF_VIDEO } from '@solvr/contracts';
import { signIn } from '../support/fixtures';

/**
 * Issue 11 items 5-7: the public header and footer, the content pages with each page's own reading of the claims
 * (spec section 1), Help's accordion by keyboard and the Migration Guide's copy buttons; at 1366 and 390 px, none
 * scrolling sideways.
 */
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const narrow = viewport.width < 860;

  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('header: How It Works, PROOF, News, About, Sign In, Get Started; sticky', async ({ page }) => {
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
      const nav = header.getByRole('navigation', { name: 'Public' });
      const links = nav.getByRole('link');
      await expect(links).toHaveText(['How It Works', 'PROOF', 'News', 'About', 'Sign In', 'Get Started']);
      for (const link of await links.all()) await expect(link).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/Signup');
      expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    });

    test('footer: Product and Company columns, the coming marks (not links), the current year, the description', async ({ page }) => {
      await page.goto('/Landing');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: 'Product' })).toBeVisible();
      await expect(footer.getByRole('heading', { name: 'Company' })).toBeVisible();
      for (const label of ['Pricing', 'API Docs', 'Integrations', 'Careers']) {
        await expect(footer.getByText(`${label} Coming soon`, { exact: true })).toBeVisible();
        await expect(footer.getByRole('link', { name: label })).toHaveCount(0);
      }
      for (const label of ['How It Works', 'About', 'Blog']) await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
      await expect(footer.getByText(`© ${new Date().getFullYear()} Solvr Team. All rights reserved.`)).toBeVisible();
      await expect(footer.getByText(/A file distribution platform for the Solvr desktop app/)).toBeVisible();
    });

    test("each page's own reading of the claims, and no page scrolls sideways", async ({ page }) => {
      const main = page.getByRole('main');
      await page.goto('/Landing');
      await expect(main).toContainText('5 to 10 seconds');
      await expect(main).toContainText('1500+');
      await expect(main).not.toContainText('1,200');
      expect(await noHorizontalScroll(page), '/Landing').toBe(true);

      await page.goto('/HowItWorks');
      await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/Landing');
      await expect(main).toContainText('under 5 seconds');
      await expect(main).toContainText('Over 1,200');
      await expect(main).not.toContainText('1500+');
      await expect(main.getByRole('link', { name: "Get Started Now - It's Free" })).toHaveAttribute('href', '/Signup');
      expect(await noHorizontalScroll(page), '/HowItWorks').toBe(true);

      await page.goto('/About');
      await expect(main.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
      await expect(main.getByRole('heading', { level: 3, name: 'Answers within 5 seconds' })).toBeVisible();
      await expect(main).toContainText('under 5 seconds');
      await expect(main.getByRole('link', { name: 'support@solvr.app' })).toBeVisible();
      await expect(main).toContainText('Vancouver, BC');
      expect(await noHorizontalScroll(page), '/About').toBe(true);

      await page.goto('/Proof');
      const video = main.locator('iframe');
      await expect(video).toHaveAttribute('title', 'Solvr demo video');
      await expect(video).toHaveAttribute('loading', 'lazy');
      await expect(video).toHaveAttribute('src', PROOF_VIDEO.embedUrl);
      await expect(main.getByRole('link', { name: 'Watch the demo video on YouTube' })).toHaveAttribute('href', PROOF_VIDEO.watchUrl);
      await expect(main).toContainText('under 5 seconds');
      await expect(main.getByRole('link', { name: 'Start for FREE' })).toHaveAttribute('href', '/Signin');
      expect(await noHorizontalScroll(page), '/Proof').toBe(true);
    });

    test('signed in: Help (about 20 seconds, over 1,200, accordion by keyboard, hotkeys) and the Migration Guide copy', async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await signIn(page);
      await page.goto('/Help');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
      await expect(main).toContainText('about 20 seconds');
      await expect(main).toContainText('over 1,200 interviews');
      await expect(main).not.toContainText('under 5 seconds');

      const started = main.getByRole('button', { name: 'Getting Started' });
      const usage = main.getByRole('button', { name: 'Usage' });
      await expect(started).toHaveAttribute('aria-expanded', 'false');
      await started.focus();
      await page.keyboard.press('Enter');
      await expect(started).toHaveAttribute('aria-expanded', 'true');
      await expect(main.getByRole('region', { name: 'Getting Started' })).toContainText('Installation');
      await page.keyboard.press('Tab');
      await expect(usage).toBeFocused();
      await page.keyboard.press('Space');
      await expect(usage).toHaveAttribute('aria-expanded', 'true');
      await expect(main.getByRole('region', { name: 'Usage' })).toContainText('Supported languages');
      await expect(started).toHaveAttribute('aria-expanded', 'false');
      for (const hotkey of ['Screenshot', 'Solve or debug', 'Reset', 'Transparency up', 'Transparency down', 'Window size up', 'Window size down']) {
        await expect(main.getByText(hotkey, { exact: true })).toBeVisible();
      }
      expect(await noHorizontalScroll(page), '/Help').toBe(true);

      await page.goto('/MigrationGuide');
      await expect(main.getByRole('heading', { level: 1, name: 'Self-hosting Migration Guide' })).toBeVisible();
      for (const block of ['Project structure', 'SQL schema', 'Environment settings', 'Backend package and entry point', 'Container setup', 'Web-server configuration', 'Deploy command', 'Point an SDK app at this server']) {
        await expect(main.getByRole('heading', { level: 2, name: block })).toBeVisible();
      }
      // What the page shows is the repository's file as it is now (the portal build generates the blocks).
      const envExample = readFileSync(join(__dirname, '../../../.env.example'), 'utf8').replace(/\s+$/, '');
      expect((await main.getByRole('region', { name: 'Environment settings code' }).textContent())?.replace(/\s+$/, '')).toBe(envExample);
      await main.getByRole('button', { name: 'Copy Deploy command' }).click();
      await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Copied to clipboard!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('kubectl apply -k k8s/overlays/prod');
      expect(await noHorizontalScroll(page), '/MigrationGuide').toBe(true);
    });
  });
}
