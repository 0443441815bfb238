import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN_USERS_TEXTS as T, AUDIT_TEXTS, EMAIL_CENTER_TEXTS, MAIL_SEGMENT_LABELS, MAIL_SEGMENT_OPTION_LABELS, OVERVIEW_TEXTS, SAVED_SEARCH_TEXTS, USERS_CSV_COLUMNS } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/fixtures';
import { confirmedAccount } from '../support/watch';

/** Issues 13 and 29 in the browser: the Users tab (a table, cards at 390 px, the user's panel), its CSV, roles, the Overview and the tab in the address. */
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

test('an admin finds a user in the table, exports the CSV, and promotes the user, who then sees the Admin link', async ({ page, browser, request }) => {
  const member = await confirmedAccount(request, 'promote-me');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/Admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  // The tab is in the address: a reload keeps it.
  await expect(page).toHaveURL(/\/Admin\?tab=Users$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: T.heading })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('searchbox', { name: T.searchLabel }).fill(member.email);
  const table = page.getByRole('table', { name: T.tableLabel });
  const row = table.getByRole('row').filter({ hasText: member.email });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByText(T.noName)).toBeVisible();
  await expect(row.getByText('New')).toBeVisible();
  await expect(row.getByText(T.user, { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.exportCsv }).click()]);
  expect(download.suggestedFilename()).toBe('users.csv');
  const rows: string[][] = parse(readFileSync((await download.path()) as string), { bom: true });
  expect(rows[0]).toEqual([...USERS_CSV_COLUMNS]);
  // The search applies to the export.
  expect(rows.slice(1).map((r) => r[1])).toEqual([member.email]);
  expect(rows[1][8]).toBe('Never');

  // The search saved under a name (issue 29): the Email tab offers it as a segment.
  const saved = `Promoted ${member.email}`;
  await page.getByRole('button', { name: EMAIL_CENTER_TEXTS.saveSearch }).click();
  await page.getByRole('textbox', { name: EMAIL_CENTER_TEXTS.saveSearchName }).fill(saved);
  await page.keyboard.press('Enter');
  await expect(page.getByText(EMAIL_CENTER_TEXTS.searchSaved(saved))).toBeVisible();

  await row.getByRole('button', { name: T.makeAdminLabel(member.email) }).click();
  const dialog = page.getByRole('dialog', { name: T.confirmTitle });
  await expect(dialog.getByText(T.confirmPromote(member.email))).toBeVisible();
  await dialog.getByRole('button', { name: T.makeAdmin }).click();
  await expect(row.getByText(T.admin, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: T.removeAdminLabel(member.email) })).toBeVisible();
  // Confirming in the dialog did not open the user's panel.
  await expect(page.getByRole('dialog')).toHaveCount(0);

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

  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('radio', { name: MAIL_SEGMENT_LABELS.saved }).check();
  await page.getByRole('combobox', { name: new RegExp(`^${MAIL_SEGMENT_OPTION_LABELS.saved}`) }).selectOption({ label: SAVED_SEARCH_TEXTS.label(saved, member.email) });
  await expect(page.getByRole('status').filter({ hasText: EMAIL_CENTER_TEXTS.willReceive(1) })).toBeVisible();
});

test('the Users table sorts by a column and opens a user\'s side panel from the keyboard at 1366 px; cards open it at 390 px; no serious axe finding', async ({ page, request }) => {
  const member = await confirmedAccount(request, 'panel-me');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/Admin?tab=Users');
  const table = page.getByRole('table', { name: T.tableLabel });
  await expect(table).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: T.columns.joined })).toHaveAttribute('aria-sort', 'descending');

  // Sort by e-mail with the keyboard: Enter on the header's button, once A to Z, again Z to A.
  const emailHeader = table.getByRole('columnheader', { name: T.columns.email });
  await emailHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  /** Whether the listed e-mails are in this order, A to Z or reversed (by first character: collations differ on punctuation). */
  const emailsSorted = async (reverse: boolean) => {
    const shown = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map((e) => e[0]);
    const sorted = [...shown].sort();
    return shown.length > 1 && shown.join('|') === (reverse ? sorted.reverse() : sorted).join('|');
  };
  await expect.poll(() => emailsSorted(false)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => emailsSorted(true)).toBe(true);
  await expect(table.getByRole('columnheader', { name: T.columns.joined })).toHaveAttribute('aria-sort', 'none');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page, 'Users table at 1366')).toEqual([]);

  // The row opens the panel with Enter: details, downloads, purchases and audit entries, each loaded by its feature.
  await page.getByRole('searchbox', { name: T.searchLabel }).fill(member.email);
  const row = table.getByRole('row').filter({ hasText: member.email });
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: T.noName });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('region', { name: T.panelDetails }).getByText(T.emailConfirmed)).toBeVisible();
  await expect(panel.getByRole('region', { name: T.panelDownloads }).getByText(T.noDownloads)).toBeVisible();
  await expect(panel.getByRole('region', { name: T.panelPurchases }).getByText(T.noPurchases)).toBeVisible();
  await expect(panel.getByRole('region', { name: T.panelAudit }).getByText(T.noAudit)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page, 'User panel at 1366')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toBeFocused();

  // A role change shows in the panel's audit entries.
  await row.getByRole('button', { name: T.makeAdminLabel(member.email) }).click();
  await page.getByRole('dialog', { name: T.confirmTitle }).getByRole('button', { name: T.makeAdmin }).click();
  await expect(row.getByText(T.admin, { exact: true })).toBeVisible();
  await row.click({ position: { x: 10, y: 10 } });
  await expect(panel.getByRole('region', { name: T.panelAudit }).getByText('user.role')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // At 390 px the same tab shows cards; a card's Details button opens the same panel.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('article').filter({ hasText: member.email });
  await expect(card).toBeVisible();
  const details = card.getByRole('button', { name: T.openUser(member.email) });
  await details.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('region', { name: T.panelAudit }).getByText('user.role')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page, 'User panel at 390')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(details).toBeFocused();
  expect(await seriousViolations(page, 'Users cards at 390')).toEqual([]);
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
