import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN_USERS_TEXTS as T, AUDIT_TEXTS, OVERVIEW_TEXTS, USERS_CSV_COLUMNS } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/fixtures';
import { confirmedAccount } from '../support/watch';

/** Issue 13 in the browser: the Users tab, its CSV, roles, the Overview and the tab in the address. */
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

test('an admin finds a user, exports the CSV, and promotes the user, who then sees the Admin link', async ({ page, browser, request }) => {
  const member = await confirmedAccount(request, 'promote-me');
  await signIn(page);
  await page.goto('/Admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  // The tab is in the address: a reload keeps it.
  await expect(page).toHaveURL(/\/Admin\?tab=Users$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: T.heading })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('searchbox', { name: T.searchLabel }).fill(member.email);
  const card = page.getByRole('article').filter({ hasText: member.email });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText(T.noName)).toBeVisible();
  await expect(card.getByText('New')).toBeVisible();
  await expect(card.getByText(T.user, { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.exportCsv }).click()]);
  expect(download.suggestedFilename()).toBe('users.csv');
  const rows: string[][] = parse(readFileSync((await download.path()) as string), { bom: true });
  expect(rows[0]).toEqual([...USERS_CSV_COLUMNS]);
  // The search applies to the export.
  expect(rows.slice(1).map((r) => r[1])).toEqual([member.email]);
  expect(rows[1][8]).toBe('Never');

  await card.getByRole('button', { name: T.makeAdminLabel(member.email) }).click();
  const dialog = page.getByRole('dialog', { name: T.confirmTitle });
  await expect(dialog.getByText(T.confirmPromote(member.email))).toBeVisible();
  await dialog.getByRole('button', { name: T.makeAdmin }).click();
  await expect(card.getByText(T.admin, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: T.removeAdminLabel(member.email) })).toBeVisible();

  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await signIn(memberPage, member);
  await memberPage.goto('/Dashboard');
  await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(memberPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await other.close();

  // The Overview's audit log shows the promotion.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/Admin$/);
  await page.getByLabel(AUDIT_TEXTS.filterAction, { exact: true }).selectOption('user.role');
  await expect(page.getByRole('row').filter({ hasText: member.email }).first()).toBeVisible();
});

test('the Overview shows real counts, quick actions that switch tabs, and both charts with their values; no serious axe finding', async ({ page }) => {
  await signIn(page);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Admin');
    for (const label of [OVERVIEW_TEXTS.totalFiles, OVERVIEW_TEXTS.totalUsers, OVERVIEW_TEXTS.totalDownloads, OVERVIEW_TEXTS.newsPosts]) {
      await expect(page.locator('.ui-stat', { hasText: label }).locator('.ui-stat-value')).toHaveText(/^\d[\d,]*$/);
    }
    await expect(page.getByRole('heading', { name: OVERVIEW_TEXTS.signupsChart })).toBeVisible();
    await expect(page.getByRole('heading', { name: OVERVIEW_TEXTS.downloadsChart })).toBeVisible();
    await page.getByText('Show values').first().click();
    await expect(page.getByRole('table', { name: OVERVIEW_TEXTS.chartTable(OVERVIEW_TEXTS.downloadsChart) }).getByRole('row')).toHaveCount(31);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, `Overview at ${width}`)).toEqual([]);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: T.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, `Users at ${width}`)).toEqual([]);
  }
  await page.goto('/Admin');
  await page.getByRole('button', { name: OVERVIEW_TEXTS.sendEmail }).click();
  await expect(page).toHaveURL(/tab=Email/);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: OVERVIEW_TEXTS.uploadFiles }).click();
  await expect(page).toHaveURL(/tab=Upload/);
});
