import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_TEXTS, AUTH_MESSAGES, PASSWORD_RULE } from '@solvr/contracts';
import { admin, signIn } from '../support/fixtures';
import { linkFromOutbox } from '../support/mail';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 9 (web): what a new user and an attacker found in the account pages. */

async function signInForm(page: Page, email: string, password: string) {
  await page.goto('/Signin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const T = ACCOUNT_TEXTS.changePassword;

test('Dashboard Password card: the current password is needed; the change keeps this tab signed in and ends the other sessions', async ({ page, browser, request, baseURL }) => {
  const user = await confirmedAccount(request, 'changer');
  // Another device, signed in before the change.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);

  await signIn(page, user);
  await page.goto('/Dashboard');
  const card = page.locator('.ui-card').filter({ has: page.getByRole('heading', { name: T.title }) });
  await card.getByRole('button', { name: T.open }).click();
  await expect(page.locator('#current-password')).toBeFocused();
  // The one password rule (sign-up's), shown under the new password.
  await expect(page.locator('#new-password-hint')).toHaveText(PASSWORD_RULE.hint);
  await page.locator('#current-password').fill('not-my-password');
  await page.locator('#new-password').fill('Brand-New-Pass1');
  await page.locator('#confirm-new-password').fill('Brand-New-Pass1');
  await card.getByRole('button', { name: T.submit }).click();
  await expect(card.getByRole('alert')).toHaveText(AUTH_MESSAGES.currentPasswordWrong);
  await expect(card.getByRole('alert')).toBeFocused();

  await page.locator('#current-password').fill(user.password);
  await card.getByRole('button', { name: T.submit }).click();
  await expect(card.getByRole('status')).toHaveText(AUTH_MESSAGES.passwordChanged);

  // Still signed in here, with the new access token (the api ended the earlier ones): the profile loads at once,
  // without a 401 and a refresh.
  const answers: string[] = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) answers.push(`${r.status()} ${pathname}`);
  });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/CompleteProfile?hasPassword=yes');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  expect(answers).toEqual(['200 /api/users/me/profile']);
  await page.goto('/Help');
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Help' })).toBeVisible();

  // The other device is signed out.
  await otherPage.goto('/Dashboard');
  await expect(otherPage).toHaveURL(/\/Signin$/);
  await other.close();

  // The old password no longer signs in; the new one does.
  await page.context().clearCookies();
  await signInForm(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInForm(page, user.email, 'Brand-New-Pass1');
  await expect(page).toHaveURL(/\/CompleteProfile\?hasPassword=yes$/);
});

test('sign-up keeps the password exactly as typed: " abcdef" signs in, "abcdef" does not', async ({ page }) => {
  const email = `spaces.${Date.now()}@example.com`;
  const started = Date.now();
  await page.goto('/Signup');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(' abcdef');
  await page.getByLabel('Confirm Password').fill(' abcdef');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/VerifyThankYou$/);
  const link = await linkFromOutbox(email, /Subject: Confirm your/, started);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('You are now verified')).toBeVisible();

  await signInForm(page, email, 'abcdef');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInForm(page, email, ' abcdef');
  await expect(page).toHaveURL(/\/CompleteProfile\?hasPassword=yes$/);
});

test('a failed sign-in raises no page error, whatever the reason', async ({ page, request }) => {
  const watch = await watchPage(page);
  const unconfirmed = `unconfirmed.${Date.now()}@example.com`;
  await request.post('/api/auth/signup', { data: { email: unconfirmed, password: 'my-first-pass' } });
  await signInForm(page, admin().email, 'not-the-password');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInForm(page, unconfirmed, 'my-first-pass');
  await expect(page.getByText(AUTH_MESSAGES.unverified)).toBeVisible();
  await signInForm(page, '', '');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.waitForTimeout(300);
  expect(watch.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
});

test('re-opening a used confirmation link says the address is already confirmed, with a way to sign in', async ({ page, request }) => {
  const email = `twice.${Date.now()}@example.com`;
  const started = Date.now();
  await request.post('/api/auth/signup', { data: { email, password: 'my-first-pass' } });
  const link = await linkFromOutbox(email, /Subject: Confirm your/, started);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('You are now verified')).toBeVisible();
  await page.goto(link.pathname + link.search);
  // The page's texts in this state are a jsdom test (apps/marketing/src/pages/verify-your-email.spec.tsx).
  await expect(page).toHaveURL(/\/VerifyYourEmail\?already=1$/);
  await page.getByRole('main').getByRole('link', { name: ACCOUNT_TEXTS.goToSignIn }).click();
  await expect(page).toHaveURL(/\/Signin$/);
});

