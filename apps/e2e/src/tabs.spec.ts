import { expect, test } from '@playwright/test';
import { PAGES, pathTo, type PageName } from '@solvr/contracts';
import { signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 9 (web): sessions across the tabs of one browser, and what a signed-out page load asks of the api. */

test('signed out, no page load makes a failing request (the session check answers 204)', async ({ page }) => {
  const watch = await watchPage(page);
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.status());
  });
  for (const p of PAGES.filter((p) => p.access === 'public')) {
    await page.goto(pathTo(p.page as PageName));
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(watch.problems).toEqual([]);
  expect(refreshes.length).toBeGreaterThan(0);
  expect(new Set(refreshes)).toEqual(new Set([204]));
});

test('logging out in one tab signs the other tabs out; signing in shows in the others', async ({ page, context, request }) => {
  const user = await confirmedAccount(request, 'tabs');
  await signIn(page, user);
  const other = await context.newPage();
  await other.goto('/Help');
  await expect(other.getByRole('heading', { name: 'Help' })).toBeVisible();
  const third = await context.newPage();
  await third.goto('/About');
  await expect(third.getByRole('navigation', { name: 'Public' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await page.goto('/Dashboard');
  await page.getByRole('button', { name: user.email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Landing$/);
  // Without a reload, the other tabs are signed out.
  await expect(other.getByText('You must be signed in to access this page.')).toBeVisible();
  await expect(third.getByRole('navigation', { name: 'Public' }).getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Signing in again in one tab shows in the others.
  await signIn(page, user);
  await expect(other.getByRole('heading', { name: 'Help' })).toBeVisible();
  await expect(third.getByRole('navigation', { name: 'Public' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('two tabs loading at the same moment take turns to refresh, and both stay signed in', async ({ page, context, request }) => {
  const user = await confirmedAccount(request, 'together');
  await signIn(page, user);
  const other = await context.newPage();
  await other.goto('/About');
  // When each refresh started and got its answer, as the browser measured it.
  const spans: Array<{ start: number; end: number }> = [];
  context.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname !== '/api/auth/refresh') return;
    const t = r.timing();
    spans.push({ start: t.startTime, end: t.startTime + t.responseEnd });
  });
  for (let round = 0; round < 3; round++) {
    await Promise.all([page.goto('/Help'), other.goto('/Downloads')]);
    await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Downloads' })).toBeVisible();
  }
  expect(spans.length).toBeGreaterThan(0);
  expect(spans.length).toBeLessThanOrEqual(6);
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) expect(spans[i].start, 'refreshes of two tabs overlapped').toBeGreaterThanOrEqual(spans[i - 1].end);
  // Still one live session family: a later reload stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
});
