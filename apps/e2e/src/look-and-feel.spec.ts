import { expect, test } from '@playwright/test';
import { ACCOUNT_TEXTS, PROFILE_MESSAGES } from '@solvr/contracts';
import { signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 9 (web): the pickers, focus, and the look and feel a new user noticed. */

test('the dial-code picker lays out each country in full, none cut off', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, await confirmedAccount(request, 'picker'));
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Country dial code' }).click();
  await page.getByPlaceholder('Search countries...').fill('44');
  // The options' texts and their order are jsdom tests of the form; here the browser lays them out.
  await expect(page.getByRole('option').first()).toBeVisible();
  const cut = await page.locator('.ui-select-option-label').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  expect(cut).toEqual([]);
});

test('focus: after an invalid submit on the error summary, after a route change on the page heading; a skip link first', async ({ page, request }) => {
  await signIn(page, await confirmedAccount(request, 'focus'));
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(PROFILE_MESSAGES.invalidForm);
  await expect(page.getByRole('alert').first()).toBeFocused();

  await page.goto('/Dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeFocused();
  await page.keyboard.press('Tab');
  // The keyboard starts from the page's top after the heading; a reload starts at the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  // About is server-rendered: a click before its code has taken over is a plain page load, with no route change to
  // move the focus for. Once the code has taken over, it asks for the session.
  const running = page.waitForRequest('**/api/auth/refresh');
  await page.goto('/About');
  await running;
  await page.getByRole('navigation', { name: 'Public' }).getByRole('link', { name: 'How It Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeFocused();
});

test('inline links in the brand colour, padded feature cards, footer aligned with the header', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/About');
  const mail = page.getByRole('link', { name: /@/ });
  await expect(mail).toHaveCSS('color', 'rgb(79, 70, 229)');
  const left = async (selector: string) => (await page.locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left + parseFloat(getComputedStyle(el).paddingLeft);
  }));
  expect(await left('.mk-footer-inner')).toBe(await left('.mk-header-inner'));
  await page.goto('/Landing');
  const header = page.locator('.mk-grid-4 .ui-card-header').first();
  expect(parseFloat(await header.evaluate((el) => getComputedStyle(el).paddingBottom))).toBeGreaterThanOrEqual(20);
});

test('the favicon is a real icon, linked from the page', async ({ page, request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/icon/);
  const svg = await request.get('/favicon.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  const watch = await watchPage(page);
  await page.goto('/About');
  await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(watch.problems).toEqual([]);
});

test('no page breaks under the Content-Security-Policy: no violation, no console error, no failing request', async ({ page, request }) => {
  const csp = (await request.get('/Landing')).headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  const watch = await watchPage(page);
  for (const path of ['/Landing', '/About', '/Proof', '/HowItWorks', '/NewsPage', '/Signin', '/Signup', '/VerifyThankYou', '/Help']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await signIn(page, await confirmedAccount(request, 'csp'));
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.profile.title })).toBeVisible();
  for (const path of ['/Dashboard', '/SolvrDownload', '/Downloads', '/Help', '/Contact', '/MigrationGuide', '/Admin']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(watch.problems).toEqual([]);
});
