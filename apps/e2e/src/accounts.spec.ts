import { expect, test, type Page } from '@playwright/test';
import { AUTH_MESSAGES, MESSAGES, PASSWORD_RULE } from '@solvr/contracts';
import { googleIdentity, linkFromOutbox } from '../support/mail';

const PASSWORD = 'my-first-pass';

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.locator(`#${combobox}`).click();
  await page.getByPlaceholder(/Search/).last().fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills every required field of Complete Profile with valid values. */
async function fillProfile(page: Page) {
  await page.locator('#first_name').fill('Ada');
  await page.locator('#last_name').fill('Lovelace');
  await page.locator('#phone').fill('(555) 123-4567');
  await page.locator('#street_address_1').fill('12 Analytical Way');
  await page.locator('#city').fill('San Francisco');
  await pick(page, 'state_province', 'Calif', 'California');
  await page.locator('#postal_code').fill('94016');
}

async function signUp(page: Page, email: string) {
  await page.goto('/Signup');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/VerifyThankYou$/);
}

async function signInForm(page: Page, email: string, password: string) {
  await page.goto('/Signin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up → confirm from the outbox → sign in → complete profile → dashboard → logout', async ({ page }) => {
  const email = `new.${Date.now()}@example.com`;
  const started = Date.now();
  await signUp(page, email);
  await expect(page.getByText('Thank you for signing up! Check your email now')).toBeVisible();

  await signInForm(page, email, PASSWORD);
  await expect(page.getByText(`${AUTH_MESSAGES.unverified}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();

  const link = await linkFromOutbox(email, /Subject: Confirm your Solvr account/, started);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/VerifyYourEmail$/);
  await expect(page.getByText('Thank you for confirming your email address')).toBeVisible();
  await expect(page.getByText('You are now verified')).toBeVisible();

  await signInForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/CompleteProfile\?hasPassword=yes$/);
  await expect(page.getByText('Complete Your Profile')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.locator('#password')).toHaveCount(0);

  // A Canadian address: the state list follows the country (its messages and states are jsdom tests of the form).
  await fillProfile(page);
  await pick(page, 'country', 'Canad', 'Canada');
  await pick(page, 'state_province', 'Brit', 'British Columbia');
  await page.locator('#city').fill('Vancouver');

  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${email}!` })).toBeVisible();
  // A user, not an admin: no Admin link.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // CompleteProfile now sends a complete profile on to the Dashboard.
  await page.goto('/CompleteProfile?hasPassword=yes');
  await expect(page).toHaveURL(/\/Dashboard$/);

  // Not an admin: the Admin page refuses, and 'Refresh User Data' reloads the page (spec section 6).
  await page.goto('/Admin');
  await expect(page.getByText(MESSAGES.access.notAdmin)).toBeVisible();
  await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: MESSAGES.access.refreshUser }).click()]);
  expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(page.getByText(MESSAGES.access.notAdmin)).toBeVisible();

  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Landing$/);
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/Signin$/);
});

test('Continue with Google: a new account completes its profile with a password', async ({ page }) => {
  const email = `googler.${Date.now()}@example.com`;
  await googleIdentity({ sub: `g-${Date.now()}`, email, email_verified: true, name: 'Grace Hopper' });
  await page.goto('/Signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/CompleteProfile\?hasPassword=no$/);
  await expect(page.getByText(email)).toBeVisible();

  await fillProfile(page);
  await page.locator('#password').fill('Str0ng-Password');
  await page.locator('#confirm_password').fill('Str0ng-Password');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);

  // The password set on the profile now works for e-mail sign-in.
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signInForm(page, email, 'Str0ng-Password');
  await expect(page).toHaveURL(/\/Dashboard$/);
});

test('Forgot password: reset link from the outbox, new password, old one refused', async ({ page, request }) => {
  const email = `reset.${Date.now()}@example.com`;
  const started = Date.now();
  await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  const confirm = await linkFromOutbox(email, /Subject: Confirm your/, started);
  await request.get(confirm.pathname + confirm.search, { maxRedirects: 0 });

  await page.goto('/Signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('dialog').getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();

  const link = await linkFromOutbox(email, /Subject: Reset your Solvr password/, started);
  await page.goto(link.pathname + link.search);
  // The one password rule, sign-up's: its hint under the field, and 6 characters are enough.
  await expect(page.locator('#new-password-hint')).toHaveText(PASSWORD_RULE.hint);
  await page.getByLabel('New Password', { exact: true }).fill('new-p6');
  await page.getByLabel('Confirm New Password').fill('new-p6');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetDone)).toBeVisible();

  await signInForm(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInForm(page, email, 'new-p6');
  await expect(page).toHaveURL(/\/CompleteProfile\?hasPassword=yes$/);
});

test('a rotated refresh token replayed is refused, and the session family is revoked', async ({ playwright, baseURL }) => {
  const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
  const client = await playwright.request.newContext({ baseURL });
  await client.post('/api/auth/login', { data: admin });
  const first = (await client.storageState()).cookies.find((c) => c.name === 'solvr_refresh')!.value;
  expect((await client.post('/api/auth/refresh')).status()).toBe(200);
  const second = (await client.storageState()).cookies.find((c) => c.name === 'solvr_refresh')!.value;
  expect(second).not.toBe(first);

  // Replayed within a few seconds of its rotation, a token counts as two tabs of one browser refreshing at once
  // (the api's grace window, ROTATION_GRACE_MS = 5 s); later it is a replay.
  await new Promise((r) => setTimeout(r, 5_500));
  const attacker = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `solvr_refresh=${first}` } });
  const replay = await attacker.post('/api/auth/refresh');
  expect(replay.status()).toBe(401);
  expect((await replay.json()).message).toBe('Your session has expired. Please sign in again.');
  // The legitimate holder of the newer token is signed out too.
  expect((await client.post('/api/auth/refresh')).status()).toBe(401);
  await attacker.dispose();
  await client.dispose();
});
