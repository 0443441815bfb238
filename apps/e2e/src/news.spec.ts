import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatListDate, formatLongDate, formatTime, NEWS_TEXTS, type NewsList } from '@solvr/contracts';
import { pressPublishSwitch, signIn } from '../support/fixtures';
import { watchPage } from '../support/watch';

/**
 * Issue 11: a featured post from the admin console to every public place, server-rendered too, and back out. It
 * changes what Landing shows, so it runs in the site-wide project (playwright.config.ts), after the other tests.
 */

test.describe.configure({ timeout: 180_000 });

/** The page as a visitor without JavaScript gets it: the server's HTML only. */
async function withoutScripts<T>(browser: Browser, path: string, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await read(page);
  } finally {
    await context.close();
  }
}

test('an admin publishes a featured post: Landing (also without JavaScript) and NewsPage show it; unpublished, it is gone everywhere', async ({
  page,
  browser,
  request,
}) => {
  const title = `Release notes ${Date.now()}`;
  const excerpt = 'Faster answers and a new hotkey.';
  const watch = await watchPage(page);
  await signIn(page);
  await page.goto('/Admin');
  await page.getByRole('tab', { name: 'News' }).click();
  await expect(page.getByRole('heading', { name: NEWS_TEXTS.management })).toBeVisible();
  await page.getByRole('button', { name: NEWS_TEXTS.add }).click();
  const dialog = page.getByRole('dialog', { name: NEWS_TEXTS.add });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Excerpt/).fill(excerpt);
  // The stored HTML as typed in the editor's HTML view (the sanitiser still drops the script).
  await dialog.getByRole('button', { name: 'Edit as HTML' }).click();
  await dialog.getByRole('textbox', { name: 'Content (HTML)' }).fill('<p>The <strong>new</strong> version is out.</p><script>alert(1)</script>');
  await dialog.getByLabel('Featured').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(NEWS_TEXTS.created)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText(NEWS_TEXTS.featured, { exact: true })).toBeVisible();
  await expect(card.getByText(NEWS_TEXTS.published, { exact: true }).first()).toBeVisible();

  const posts = (await (await request.get('/api/news')).json()) as NewsList;
  const post = posts.items.find((p) => p.title === title);
  expect(post).toBeDefined();
  const created = post!.created_date;

  // Landing: first of the Latest Updates, in the spec's formats; the same in the server's HTML.
  await page.goto('/Landing');
  const latest = page.getByRole('region', { name: 'Latest Updates' });
  const first = latest.getByRole('article').first();
  await expect(first.getByRole('heading', { name: title })).toBeVisible();
  await expect(first.getByText(formatListDate(created))).toBeVisible();
  await expect(first.getByText(NEWS_TEXTS.featured, { exact: true })).toBeVisible();
  await expect(first.getByText(excerpt)).toBeVisible();
  await expect(first.getByText('By Solvr Team')).toBeVisible();
  const serverTitles = await withoutScripts(browser, '/Landing', (p) => p.locator('.nw-card-title').allTextContents());
  expect(serverTitles[0]).toBe(title);

  // Read more opens the post at its own address; NewsPage shows the long date and the time.
  await first.getByRole('link', { name: NEWS_TEXTS.readMore }).click();
  await expect(page).toHaveURL(new RegExp(`/NewsPage\\?post=${post!.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('The new version is out.')).toBeVisible();
  await page.goto('/NewsPage');
  const article = page.getByRole('article', { name: title });
  await expect(article.getByText(formatLongDate(created))).toBeVisible();
  await expect(article.getByText(formatTime(created))).toBeVisible();
  await expect(article.getByText(NEWS_TEXTS.by('Solvr Team'))).toBeVisible();
  expect(await withoutScripts(browser, `/NewsPage?post=${post!.slug}`, (p) => p.locator('h1').first().textContent())).toBe(title);

  // Unpublished: gone from the pages (server HTML included), the feeds and the sitemap.
  await page.goto('/Admin');
  await page.getByRole('tab', { name: 'News' }).click();
  // From the keyboard: the switch takes Space like any checkbox. The pages below are asked for once the server has the change.
  const toggle = await pressPublishSwitch(page, title);
  await expect(toggle).not.toBeChecked();
  await expect(page.getByRole('article', { name: title }).getByText(NEWS_TEXTS.draft, { exact: true })).toBeVisible();
  await page.goto('/Landing');
  await expect(page.getByRole('region', { name: 'Latest Updates' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  expect(await withoutScripts(browser, '/Landing', (p) => p.locator('.nw-card-title').allTextContents())).not.toContain(title);
  await page.goto('/NewsPage');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  for (const feed of ['/rss.xml', '/atom.xml', '/sitemap.xml']) expect(await (await request.get(feed)).text()).not.toContain(post!.slug);
  expect(watch.problems).toEqual([]);
});
