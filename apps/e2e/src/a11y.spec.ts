import { expect, test, type Page } from '@playwright/test';
import { PAGES, pathTo, type PageDef, type PageName } from '@solvr/contracts';
import { seriousViolations as axeViolations } from '../support/axe';
import { signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/**
 * Issue 9, accessibility: axe-core on every page of the route table, signed out for the public pages (and what a
 * signed-out visitor gets on the others), signed in for the others, as an admin for /Admin; at 1366 and 390 px.
 * No serious or critical violation, no console error (CSP included), no failing request.
 */
async function seriousViolations(page: Page, where: string, { sandboxedFrame = '' } = {}): Promise<string[]> {
  await expect(page.locator('h1').first()).toBeVisible();
  // A script-less sandboxed frame (the news preview) never reports network idle, and axe cannot run inside it: the
  // page around it is checked once the frame is visible (its title is checked as part of the page).
  if (!sandboxedFrame) await page.waitForLoadState('networkidle');
  return axeViolations(page, where, { exclude: sandboxedFrame });
}

const path = (p: PageDef) => pathTo(p.page as PageName);
const publicPages = PAGES.filter((p) => p.access === 'public');
const sessionPages = PAGES.filter((p) => p.access !== 'public');

// Every page, twice per viewport: the 2-core CI machine needs more than the default minute.
test.describe.configure({ timeout: 240_000 });

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('signed out: every page of the route table, and the states of the account pages', async ({ page }) => {
      const watch = await watchPage(page);
      const found: string[] = [];
      for (const p of PAGES) {
        await page.goto(path(p));
        found.push(...(await seriousViolations(page, `${path(p)} signed out`)));
      }
      for (const extra of ['/VerifyYourEmail?already=1', '/VerifyYourEmail?error=invalid', '/ResetPassword?token=abc']) {
        await page.goto(extra);
        found.push(...(await seriousViolations(page, extra)));
      }
      expect(watch.problems).toEqual([]);
      // A refused sign-in and an invalid sign-up, with their messages shown.
      await page.goto('/Signin');
      await page.getByLabel('Email Address').fill('nobody@example.com');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      found.push(...(await seriousViolations(page, '/Signin with an error')));
      await page.goto('/Signup');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      found.push(...(await seriousViolations(page, '/Signup with an error')));
      expect(found).toEqual([]);
    });

    test('signed in: every page of the route table (a user; /Admin as a user and as an admin), and Complete Profile with errors', async ({ page, request }) => {
      const user = await confirmedAccount(request, `axe${viewport.width}`);
      const watch = await watchPage(page);
      await signIn(page, user);
      const found: string[] = [];
      // A new account: Complete Profile first (it sends a complete profile on to the Dashboard).
      await page.goto(pathTo('CompleteProfile', undefined, { hasPassword: 'yes' }));
      found.push(...(await seriousViolations(page, '/CompleteProfile')));
      await page.getByRole('button', { name: 'Complete Profile' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      found.push(...(await seriousViolations(page, '/CompleteProfile with errors')));
      await page.getByRole('combobox', { name: 'Country dial code' }).click();
      await page.getByPlaceholder('Search countries...').fill('44');
      found.push(...(await seriousViolations(page, '/CompleteProfile dial-code picker open')));
      await page.keyboard.press('Escape');
      for (const p of [...sessionPages.filter((p) => p.page !== 'CompleteProfile'), ...publicPages]) {
        await page.goto(path(p));
        found.push(...(await seriousViolations(page, `${path(p)} signed in`)));
      }
      await page.goto('/Dashboard');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('button', { name: 'Change password' }).last().click();
      await expect(page.getByRole('alert')).toBeVisible();
      found.push(...(await seriousViolations(page, '/Dashboard change password with an error')));
      expect(watch.problems).toEqual([]);

      await page.context().clearCookies();
      await signIn(page);
      await page.goto('/Admin');
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      found.push(...(await seriousViolations(page, '/Admin as an admin')));
      await page.getByRole('tab', { name: 'News' }).click();
      await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
      found.push(...(await seriousViolations(page, '/Admin News tab')));
      await page.getByRole('button', { name: 'Add News' }).click();
      await expect(page.getByRole('dialog', { name: 'Add News' })).toBeVisible();
      await expect(page.getByTitle(/preview/i)).toBeVisible();
      found.push(...(await seriousViolations(page, '/Admin Add News dialog', { sandboxedFrame: 'iframe[sandbox]' })));
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Email' }).click();
      await expect(page.getByRole('heading', { name: 'Email Center' })).toBeVisible();
      await page.getByRole('button', { name: 'Send Email' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      found.push(...(await seriousViolations(page, '/Admin Email tab with an error', { sandboxedFrame: 'iframe[sandbox]' })));
      await page.goto('/Contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      found.push(...(await seriousViolations(page, '/Contact with an error')));
      await page.goto('/NewsPage?post=platform-launch');
      await expect(page.getByRole('heading', { level: 1, name: 'Platform Launch' })).toBeVisible();
      found.push(...(await seriousViolations(page, '/NewsPage?post=platform-launch')));
      expect(found).toEqual([]);
    });
  });
}
