import { expect, test } from '@playwright/test';
import { signIn } from '../support/fixtures';

const noHorizontalScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.use({ viewport: { width: 360, height: 740 } });

test('pages fit a 360 px wide screen', async ({ page }) => {
  for (const path of ['/Landing', '/HowItWorks', '/About', '/Proof', '/NewsPage', '/Signin', '/Signup', '/VerifyThankYou']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
  await signIn(page);
  for (const path of ['/Dashboard', '/Downloads', '/Help', '/Contact', '/Admin']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
});
