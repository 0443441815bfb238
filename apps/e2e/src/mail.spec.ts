import { expect, test } from '@playwright/test';
import { CONTACT_TEXTS, EMAIL_CENTER_TEXTS } from '@solvr/contracts';
import { signIn } from '../support/fixtures';
import { confirmedAccount } from '../support/watch';

/** Issue 12 in the browser: the Email tab's send and live progress, and the Contact form's panels. */
test.describe.configure({ timeout: 120_000 });

test('an admin sends to three users from the Email tab and watches the progress reach 3 sent', async ({ page, request }) => {
  // Confirmed accounts: bulk mail goes to no other.
  const domain = `mail-${Date.now()}`;
  for (const name of ['ann', 'bob', 'cy']) await confirmedAccount(request, `${domain}-${name}`);
  await signIn(page);
  await page.goto('/Admin');
  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page.getByRole('heading', { name: EMAIL_CENTER_TEXTS.title })).toBeVisible();

  // Its checks (subject and message, then recipients) are a jsdom test: libs/web/mail/src/email-center.spec.tsx.
  await page.getByRole('searchbox', { name: EMAIL_CENTER_TEXTS.searchLabel }).fill(domain);
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await page.getByLabel('Subject').fill('Version 1.0.21 is out');
  await page.getByLabel('Message').fill('Hello!\n\nA new version is out.');
  await page.getByRole('button', { name: EMAIL_CENTER_TEXTS.selectAll }).click();
  await expect(page.getByText(EMAIL_CENTER_TEXTS.selected(3))).toBeVisible();
  // The preview is the server's template: the message, the team's signature and the unsubscribe line.
  // Looked at as a user would: Chromium does not lay out a sandboxed frame that is off screen.
  await page.locator(`iframe[title="${EMAIL_CENTER_TEXTS.previewFrame}"]`).scrollIntoViewIfNeeded();
  const preview = page.frameLocator(`iframe[title="${EMAIL_CENTER_TEXTS.previewFrame}"]`);
  await expect(preview.getByText('A new version is out.')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(EMAIL_CENTER_TEXTS.sent(3))).toBeVisible();
  const progress = page.getByRole('progressbar', { name: EMAIL_CENTER_TEXTS.progressLabel('Version 1.0.21 is out') });
  await expect(progress).toHaveAttribute('aria-valuetext', '3 of 3 sent', { timeout: 30_000 });
});

test('Contact: a signed-in user sends a message to the team and gets the success panel', async ({ page }) => {
  // The form's messages, Send Another Message and the failure text are a jsdom test: libs/web/mail/src/contact-form.spec.tsx.
  await signIn(page);
  await page.goto('/Contact');
  await page.getByLabel('Name').fill('Ada Admin');
  await page.getByLabel('Category').selectOption('bug-report');
  await page.getByLabel('Subject').fill('The overlay flickers');
  await page.getByLabel('Message').fill('On a second monitor.');
  await page.getByRole('button', { name: CONTACT_TEXTS.send }).click();
  await expect(page.getByRole('heading', { name: CONTACT_TEXTS.successTitle })).toBeVisible();
});
