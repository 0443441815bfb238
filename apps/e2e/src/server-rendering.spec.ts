import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LAYOUT_TEXTS, serverRenderedLinks } from '@solvr/contracts';

/** Issue 11: the server-rendered pages hydrate as they are, and inline only the styles they need. */

test.describe.configure({ timeout: 180_000 });

const SERVER_RENDERED = ['/Landing', '/NewsPage', '/NewsPage?post=platform-launch', '/HowItWorks', '/Proof', '/About'];

test('every server-rendered page hydrates the server HTML without a warning or a second render', async ({ page }) => {
  const messages: string[] = [];
  // Marks the server's h1 once the HTML is parsed, before the (deferred) scripts run; a page rendered anew loses it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.querySelector('#root h1')?.setAttribute('data-seen', 'server');
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  for (const path of SERVER_RENDERED) {
    const server = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(await server.text(), path).toContain('id="solvr-ssr"');
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The server's h1 element is the one the page keeps: it was hydrated, not replaced.
    await expect(page.locator('h1[data-seen="server"]'), path).toHaveCount(1);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  expect(messages).toEqual([]);
});

test('each server-rendered page looks the same with the styles it inlines as with every rule of the site', async ({ browser }) => {
  // Every rule the server could inline: the built shell's and marketing area's CSS.
  const dist = join(__dirname, '../../../dist/apps');
  const everyRule = ['shell', 'marketing']
    .flatMap((app) => readdirSync(join(dist, app)).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(dist, app, f), 'utf8')))
    .join('\n');
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, javaScriptEnabled: false });
    try {
      for (const path of SERVER_RENDERED) {
        const page = await context.newPage();
        await page.goto(path);
        const inlined = await page.screenshot({ fullPage: true });
        const served = await (await page.request.get(path, { headers: { Accept: 'text/html' } })).text();
        const inlinedCss = /<style>([\s\S]*?)<\/style>/.exec(served)?.[1] ?? '';
        expect(inlinedCss.length, path).toBeLessThan(everyRule.length / 2);
        const withEveryRule = served.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${everyRule}</style>`);
        await page.route((url) => url.pathname + url.search === path, (route) => route.fulfill({ contentType: 'text/html', body: withEveryRule }));
        await page.goto(path);
        expect(await page.screenshot({ fullPage: true }), `${path} at ${viewport.width} px`).toEqual(inlined);
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
});

test('with JavaScript off, a page that needs it says so with links to the readable pages, and the public menu shows its links at 390 px', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    for (const path of ['/Signin', '/Signup', '/Dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: LAYOUT_TEXTS.noScript.title }), path).toBeVisible();
      // (getByText does not look inside <noscript>; the heading's role does.)
      await expect(page.getByRole('main'), path).toContainText(LAYOUT_TEXTS.noScript.body);
      for (const link of serverRenderedLinks()) await expect(page.getByRole('link', { name: link.label, exact: true }), path).toHaveAttribute('href', link.path);
    }
    // A server-rendered page is itself: no such notice, and its menu's links are there without the ☰ button.
    await page.goto('/Landing');
    await expect(page.getByRole('heading', { name: LAYOUT_TEXTS.noScript.title })).toHaveCount(0);
    await expect(page.getByRole('button', { name: LAYOUT_TEXTS.toggleMenu })).toBeHidden();
    const menu = page.getByRole('navigation', { name: LAYOUT_TEXTS.publicNav });
    for (const label of ['How It Works', 'News', 'About']) await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/About$/);
  } finally {
    await context.close();
  }
});
