import { expect, type Locator, type Page, test } from '@playwright/test';
import { CONTACT_TEXTS, EMAIL_CENTER_TEXTS, MAIL_SEGMENT_KINDS, MAIL_SEGMENT_LABELS, MAIL_SEGMENT_OPTION_LABELS, SAVED_SEARCH_TEXTS } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { admin, signIn } from '../support/fixtures';
import { linkFromOutbox } from '../support/mail';
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

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Issue 29, points 2 and 6: the Email Center's segments, counts with exclusions, live preview, test send and send. */
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: a saved search as the segment, its count and exclusions, the live preview, a test to me, then the campaign`, async ({ page, request }) => {
    const T = EMAIL_CENTER_TEXTS;
    const prefix = `seg${viewport.width}x${Date.now().toString(36)}`;
    const subject = `Segment news ${prefix}`;
    const found: string[] = [];
    // Two confirmed accounts and one that never confirmed, all matched by the search.
    for (const name of ['ann', 'bob']) await confirmedAccount(request, `${prefix}-${name}`);
    expect((await request.post('/api/auth/signup', { data: { email: `${prefix}-eve@example.com`, password: 'my-first-pass' } })).status()).toBe(202);
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/Admin?tab=Email');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();

    // Before anything is typed the preview is the mail as sent, with placeholders.
    const frame = page.locator(`iframe[title="${T.previewFrame}"]`);
    const preview = page.frameLocator(`iframe[title="${T.previewFrame}"]`);
    const head = page.getByRole('region', { name: T.preview });
    // Looked at as a user would, again if the page moved meanwhile: Chromium does not lay out an off-screen sandboxed frame.
    const seeInPreview = (what: Locator) =>
      expect(async () => {
        await frame.scrollIntoViewIfNeeded();
        await expect(what).toBeVisible({ timeout: 2000 });
      }).toPass();
    await expect(head.getByText(T.previewNoSubject)).toBeVisible();
    await seeInPreview(preview.getByText(T.previewPlaceholder));
    await seeInPreview(preview.getByRole('link', { name: 'Unsubscribe' }));

    // The search saved under a name, by keyboard (Enter saves the name, it does not send).
    const search = page.getByRole('searchbox', { name: T.searchLabel });
    await search.focus();
    await page.keyboard.type(prefix);
    await expect(page.getByRole('checkbox')).toHaveCount(2);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: T.saveSearch })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: T.saveSearchName })).toBeFocused();
    await page.keyboard.type(`Team ${prefix}`);
    await page.keyboard.press('Enter');
    await expect(page.getByText(T.searchSaved(`Team ${prefix}`))).toBeVisible();

    // The segment chosen with the arrow keys, then its saved search: 2 will receive it, 1 left out as unconfirmed.
    await page.getByRole('radio', { name: T.pickedUsers }).focus();
    for (let i = 0; i < MAIL_SEGMENT_KINDS.indexOf('saved') + 1; i++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: MAIL_SEGMENT_LABELS.saved })).toBeChecked();
    await page.getByRole('combobox', { name: new RegExp(`^${MAIL_SEGMENT_OPTION_LABELS.saved}`) }).selectOption({ label: SAVED_SEARCH_TEXTS.label(`Team ${prefix}`, prefix) });
    const count = page.getByRole('status').filter({ hasText: T.willReceive(2) });
    await expect(count).toHaveText(`${T.willReceive(2)} · ${T.excluded(1)} ${T.excludedUnconfirmed(1)}`);
    found.push(...(await seriousViolations(page, `Email tab, segment counted (${viewport.width})`, { exclude: 'iframe' })));

    // The preview follows each keystroke: the subject, then the Markdown body rendered.
    await page.getByLabel(T.subject).fill(subject);
    await expect(head.getByText(subject)).toBeVisible();
    await page.getByLabel(T.message).fill('Hello **team**, see [the notes](https://example.com/notes).');
    await seeInPreview(preview.locator('strong', { hasText: 'team' }));
    await seeInPreview(preview.getByRole('link', { name: 'the notes' }));

    // A test to me first: it arrives in the admin's mailbox with its unsubscribe link; no one else's.
    const started = Date.now();
    await page.getByRole('button', { name: T.sendTest }).click();
    await expect(page.getByText(T.testSent(admin().email))).toBeVisible({ timeout: 20_000 });
    // Its first link is the List-Unsubscribe header's: the mail as recipients get it.
    const link = await linkFromOutbox(admin().email, new RegExp(`^Subject: ${subject}\\s*$`, 'm'), started);
    expect(link.pathname).toBe('/api/mail/unsubscribe');

    // Then the campaign, and its progress to 2 of 2.
    await page.getByRole('button', { name: T.send }).click();
    await expect(page.getByText(T.sent(2))).toBeVisible();
    const progress = page.getByRole('progressbar', { name: T.progressLabel(subject) });
    await expect(progress).toHaveAttribute('aria-valuetext', '2 of 2 sent', { timeout: 30_000 });
    found.push(...(await seriousViolations(page, `Email tab, campaign sent (${viewport.width})`, { exclude: 'iframe' })));
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(found).toEqual([]);
  });
}
