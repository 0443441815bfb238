import { writeFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export const admin = () => ({ email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! });

export async function signIn(page: Page, creds = admin()): Promise<void> {
  await page.goto('/Signin');
  await page.getByLabel('Email Address').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/Signin$/);
}

/** Points remotes at other addresses; the site reads the manifest file on every request. */
export function setManifest(changes: Record<string, string>): void {
  const base = JSON.parse(process.env.E2E_DEFAULT_MANIFEST!);
  writeFileSync(process.env.E2E_MANIFEST!, JSON.stringify({ ...base, ...changes }));
}

export function resetManifest(): void {
  setManifest({});
}

/**
 * Flips a post's publish switch in the admin News tab from the keyboard (its input lies under the drawn track) and
 * waits for the server to take the change: the switch itself flips at once, before the PATCH is answered.
 */
export async function pressPublishSwitch(page: Page, title: string): Promise<Locator> {
  const toggle = page.getByRole('switch', { name: `Published: ${title}` });
  await toggle.focus();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/admin/news/'));
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  return toggle;
}
