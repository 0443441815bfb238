import { expect, test, type APIRequestContext } from '@playwright/test';
import { PORTAL_TEXTS } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { admin, signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 55 point 4: the library is searched, filtered, sorted and paged by the api; the page reads what it asks for. */

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const L = PORTAL_TEXTS.downloads;

/** `count` small files named `{shelf} 00`..., PDFs and text files in turn, uploaded through the api as the first admin. */
async function shelfOf(request: APIRequestContext, shelf: string, count: number, needle: string): Promise<void> {
  const { access_token: token } = await (await request.post('/api/auth/login', { data: admin() })).json();
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(2, '0');
    const [ext, mimeType] = i % 2 ? ['pdf', 'application/pdf'] : ['txt', 'text/plain'];
    const res = await request.post('/api/admin/files', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { name: `${shelf} ${n}`, description: i === 7 ? `The one with the ${needle}` : 'A shelf file', file: { name: `shelf-${n}.${ext}`, mimeType, buffer: Buffer.from(`file ${n}`) } },
    });
    expect(res.status()).toBe(201);
  }
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a user searches, filters by type, sorts and pages the library by keyboard`, async ({ page, request }) => {
    const stamp = Date.now();
    const shelf = `Shelf${viewport.width}x${stamp}`;
    const needle = `NEEDLE${stamp}w${viewport.width}`;
    await shelfOf(request, shelf, 52, needle);
    const user = await confirmedAccount(request, 'shelf');
    await page.setViewportSize(viewport);
    const watch = await watchPage(page);
    await signIn(page, user);
    await page.goto('/Downloads');
    await expect(page.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
    const cards = page.getByRole('region', { name: L.listHeading }).getByRole('article');
    const status = page.getByRole('status').filter({ hasText: /^Showing / });

    // The search goes to the api once typing settles; only this shelf matches, newest first, a page of 48.
    const search = page.getByRole('searchbox', { name: L.searchLabel });
    await search.focus();
    const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === shelf);
    await page.keyboard.type(shelf);
    await searched;
    await expect(cards.first()).toHaveAccessibleName(`${shelf} 51`);
    await expect(cards).toHaveCount(48);
    await expect(status).toHaveText(/^Showing 48 of [\d,]+ files$/);

    // Show more by keyboard: the next page arrives and the focus is on its first card.
    const more = page.getByRole('button', { name: L.showMore });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(52);
    await expect(page.locator(':focus')).toHaveText(`${shelf} 03`);
    await expect(more).toHaveCount(0);

    // Oldest first, then Name A-Z, chosen with the keyboard.
    const sort = page.getByRole('combobox', { name: L.sortLabel });
    await sort.focus();
    await sort.selectOption({ label: L.sortOldest });
    await expect(cards.first()).toHaveAccessibleName(`${shelf} 00`);
    await expect(cards).toHaveCount(48);

    // The type filter lists the library's types; PDF leaves the 26 PDFs of the shelf, oldest first.
    const type = page.getByRole('combobox', { name: L.typeLabel });
    await expect(type.getByRole('option', { name: 'PDF', exact: true })).toHaveCount(1);
    await type.selectOption('PDF');
    await expect(cards).toHaveCount(26);
    await expect(cards.first()).toHaveAccessibleName(`${shelf} 01`);

    // The description is searched too, in any case; nothing found says so.
    await search.fill(needle.toLowerCase());
    await type.selectOption({ label: L.allTypes });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName(`${shelf} 07`);
    await search.fill(`${shelf} nothing like this`);
    await expect(page.getByRole('heading', { name: L.empty })).toBeVisible();
    await expect(page.getByText(L.emptyFiltered)).toBeVisible();

    expect(await seriousViolations(page, `/Downloads at ${viewport.width} px`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(watch.problems).toEqual([]);
  });
}
