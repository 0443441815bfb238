import { expect, test, type Page } from '@playwright/test';
import { ADMIN_FILES_TEXTS as F, ADMIN_UPLOAD_TEXTS as U, FILE_TEXTS, PORTAL_TEXTS } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { admin, signIn } from '../support/fixtures';
import { zipToUpload } from '../support/upload-file';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 10 (web): the admin console's Upload and Files tabs. */

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

/** A form label as shown: the text, then ' *' when the field is required. */
const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

async function openTab(page: Page, name: 'Files' | 'Upload') {
  await page.getByRole('tab', { name }).click();
  if (name === 'Upload') await expect(page.getByRole('heading', { name: U.title })).toBeVisible();
  else await expect(page.getByRole('searchbox', { name: F.searchLabel })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const L = PORTAL_TEXTS.downloads;

/** The library's stat card value ("Your Downloads" → "1"). */
const statValue = (page: Page, name: string) => page.locator('.ui-stat', { hasText: name }).locator('.ui-stat-value');

test('an admin uploads a file for one chosen user, with progress; that user sees and downloads it, the counts rise; another user never sees it', async ({
  page,
  request,
  browser,
}) => {
  const allowed = await confirmedAccount(request, 'allowed');
  const other = await confirmedAccount(request, 'other');
  const name = `Interview-Kit-${Date.now()}`;
  const { path, remove } = zipToUpload(name, 4 * 1024 * 1024);
  try {
    const watch = await watchPage(page);
    await signIn(page);
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await openTab(page, 'Upload');

    await page.getByLabel(label(U.file)).setInputFiles(path);
    await expect(page.getByLabel(label(U.name))).toHaveValue(name);
    await expect(page.getByText(U.chosenFile('application/zip', '4.00 MB'))).toBeVisible();
    await page.getByLabel(U.accessType).selectOption('specific_users');
    const picker = page.getByRole('combobox', { name: U.allowedUsers });
    await picker.fill(allowed.email);
    await page.getByRole('option', { name: new RegExp(allowed.email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(page.getByRole('button', { name: U.removeUser(allowed.email) })).toBeVisible();

    // About 1 MB/s up, so the 4 MB take a few seconds and the progress can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await page.getByRole('button', { name: U.submit }).click();
    const bar = page.getByRole('progressbar', { name: U.progress });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('button', { name: U.uploading })).toBeDisabled();
    await expect(page.getByText(/^\d+(\.\d+)? (Bytes|KB|MB)\/s$/)).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expect(page.getByText(FILE_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(bar).toHaveCount(0);
    // Done: the item keeps only its outcome (its details are gone).
    await expect(page.getByLabel(label(U.name))).toHaveCount(0);

    await openTab(page, 'Files');
    await page.getByRole('searchbox', { name: F.searchLabel }).fill(name);
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(F.specificUsers, { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: F.allowedUsers(1) })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveText([allowed.email]);
    await expect(card.getByText('4 MB', { exact: true })).toBeVisible();
    await expect(card.getByText(F.active, { exact: true })).toBeVisible();
    expect(watch.problems).toEqual([]);

    // The allowed user finds it in the library, downloads it, and both counts rise.
    const mine = await browser.newContext({ baseURL: test.info().project.use.baseURL, acceptDownloads: true });
    const user = await mine.newPage();
    const userWatch = await watchPage(user);
    await signIn(user, allowed);
    await user.goto('/Downloads');
    await expect(statValue(user, L.yourDownloads)).toHaveText('0');
    await user.getByRole('searchbox', { name: L.searchLabel }).fill(name.toLowerCase());
    const entry = user.getByRole('article', { name });
    await expect(entry.getByText(PORTAL_TEXTS.files.downloads(0))).toBeVisible();
    const [download] = await Promise.all([user.waitForEvent('download'), entry.getByRole('button', { name: L.download }).click()]);
    expect(download.suggestedFilename()).toBe(`${name}.zip`);
    expect(await download.failure()).toBeNull();
    await expect(entry.getByText(PORTAL_TEXTS.files.downloads(1))).toBeVisible();
    await expect(statValue(user, L.yourDownloads)).toHaveText('1');
    await user.reload();
    await user.getByRole('searchbox', { name: L.searchLabel }).fill(name);
    await expect(user.getByRole('article', { name }).getByText(PORTAL_TEXTS.files.downloads(1))).toBeVisible();
    expect(userWatch.problems).toEqual([]);
    await mine.close();

    // Anyone else never sees it: not in the list, not by its name.
    const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const stranger = await theirs.newPage();
    await signIn(stranger, other);
    await stranger.goto('/Downloads');
    await expect(stranger.getByRole('article').first()).toBeVisible();
    await stranger.getByRole('searchbox', { name: L.searchLabel }).fill(name);
    await expect(stranger.getByRole('heading', { name: L.empty })).toBeVisible();
    await expect(stranger.getByText(L.emptyFiltered)).toBeVisible();
    await theirs.close();
  } finally {
    remove();
  }
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`axe at ${viewport.width} px: the Files and Upload tabs (picker open, an error shown) have no serious violation and no sideways scroll`, async ({ page, request }) => {
    // A file to list (a new site's library is empty: its seeded releases are the Releases tab's).
    const login = await request.post('/api/auth/login', { data: admin() });
    const { access_token: token } = await login.json();
    const name = `Axe notes ${viewport.width}`;
    const made = await request.post('/api/admin/files', { headers: { Authorization: `Bearer ${token}` }, multipart: { name, file: { name: 'axe-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') } } });
    expect(made.status()).toBe(201);
    await page.setViewportSize(viewport);
    const watch = await watchPage(page);
    await signIn(page);
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const found: string[] = [];

    await openTab(page, 'Files');
    await expect(page.getByRole('article', { name }).first()).toBeVisible();
    found.push(...(await seriousViolations(page, 'Files tab')));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: F.deleteLabel(name) }).first().click();
    await expect(page.getByRole('dialog', { name: FILE_TEXTS.deleteTitle })).toBeVisible();
    found.push(...(await seriousViolations(page, 'Files tab, delete dialog')));
    await page.getByRole('button', { name: F.cancel }).click();
    await page.getByRole('searchbox', { name: F.searchLabel }).fill('no such file anywhere');
    await expect(page.getByRole('heading', { name: F.empty })).toBeVisible();
    found.push(...(await seriousViolations(page, 'Files tab, nothing found')));

    await openTab(page, 'Upload');
    found.push(...(await seriousViolations(page, 'Upload tab')));
    await page.getByLabel(label(U.file)).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByLabel(U.isPaid).check();
    await page.getByRole('button', { name: U.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(FILE_TEXTS.invalidPrice);
    found.push(...(await seriousViolations(page, 'Upload tab with an error')));
    await page.getByLabel(U.accessType).selectOption('specific_users');
    await page.getByRole('combobox', { name: U.allowedUsers }).click();
    await expect(page.getByRole('listbox', { name: U.allowedUsers })).toBeVisible();
    found.push(...(await seriousViolations(page, 'Upload tab, user picker open')));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(found).toEqual([]);
    expect(watch.problems).toEqual([]);
  });
}
