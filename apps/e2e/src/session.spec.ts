import { expect, test } from '@playwright/test';
import { admin, signIn } from '../support/fixtures';

test.describe('signed-in shell', () => {
  test('sign in, header with Admin link and user menu, session survives a reload, logout goes to Landing', async ({ page }) => {
    await signIn(page);
    // The first admin has no completed profile yet, and goes on to the site all the same (issue 29): the profile
    // gate is for users.
    await expect(page).toHaveURL(/\/Dashboard$/);
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    await page.goto('/Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Dashboard', 'Downloads', 'Help', 'Contact', 'Admin']) await expect(nav.getByRole('link', { name: link })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome back, ${admin().email}!` })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome back, ${admin().email}!` })).toBeVisible();

    await nav.getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();

    await page.getByRole('button', { name: admin().email }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/Landing$/);
    await page.goto('/Dashboard');
    await expect(page).toHaveURL(/\/Signin$/);
  });

  test('the mobile menu shows the same links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto('/Help');
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Main' }).last();
    for (const link of ['Dashboard', 'Downloads', 'Help', 'Contact', 'Admin']) await expect(mobile.getByRole('link', { name: link })).toBeVisible();
  });

  test('the admin remote shows the dashboard and the system status from its injected endpoint', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    for (const tab of ['Overview', 'Files', 'Upload', 'News', 'Users', 'Email']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByText('System status')).toBeVisible();
    await expect(page.getByText('sqlite')).toBeVisible();
  });
});
