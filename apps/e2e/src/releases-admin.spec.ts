import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatFileSize, PLATFORM_LABELS, PORTAL_TEXTS, RELEASE_HISTORY_TEXTS as H, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T } from '@solvr/contracts';
import { seriousViolations } from '../support/axe';
import { admin, signIn } from '../support/fixtures';
import { confirmedAccount, watchPage } from '../support/watch';

/** Issue 28, point 6 (web): the console's Releases tab and the public release history, with a publish from CI in between. */
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const NOTES = 'Faster answers.\nA new hotkey <b>in bold</b>.';

/** What tools/publish-release.mjs sends: the fields, then the files (by default an installer and its block map). */
async function publish(
  request: APIRequestContext,
  token: string,
  version: string,
  { channel = 'stable', notes = NOTES, draft = false, files = [[`Solvr-Setup-${version}.exe`, 64 * 1024], [`Solvr-Setup-${version}.exe.blockmap`, 1024]] as [string, number][] } = {},
) {
  const form = new FormData();
  form.append('version', version);
  form.append('channel', channel);
  form.append('notes', notes);
  if (draft) form.append('draft', 'true');
  for (const [name, size] of files) form.append('file', new File([randomBytes(size)], name, { type: 'application/octet-stream' }));
  return request.post('/api/releases/publish', { headers: { Authorization: `Bearer ${token}` }, multipart: form });
}

/** A form label as shown: the text, then ' *' when the field is required. */
const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: a deploy token publishes a version from CI; the admin stages it at 25 %, pauses and pulls it; visitors see it on /Releases until then`, async ({
    page,
    browser,
    request,
  }) => {
    const version = `2.0.${viewport.width}`;
    const tokenName = `CI ${viewport.width}`;
    await page.setViewportSize(viewport);
    const watch = await watchPage(page);
    const found: string[] = [];
    await signIn(page);
    await page.goto('/Admin?tab=Releases');
    await expect(page.getByRole('heading', { name: T.tokensHeading })).toBeVisible();

    // A deploy token, shown once.
    await page.getByLabel(T.tokenName).fill(tokenName);
    await page.getByRole('button', { name: T.createToken }).click();
    const shown = page.locator('.fa-new-token');
    await expect(shown.getByText(T.tokenShownOnce)).toBeVisible();
    await expect(shown).toBeFocused();
    const token = (await shown.locator('code').textContent()) ?? '';
    expect(token).toMatch(/^solvr_deploy_/);
    found.push(...(await seriousViolations(page, `Releases tab, token shown (${viewport.width})`)));

    // CI publishes with it; the feed and a download give the version some activity.
    const published = await publish(request, token, version);
    expect(published.status(), await published.text()).toBe(201);
    expect((await request.get('/api/updates/latest.yml')).status()).toBe(200);
    expect((await request.get(`/downloads/Solvr-Setup-${version}.exe`)).status()).toBe(200);

    // A visitor sees it, its notes as written (line break kept, markup as text) and the installer, not the block map.
    const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/Releases');
    const entry = visitor.getByRole('article', { name: H.version('Solvr', version) });
    await expect(entry).toBeVisible();
    expect(await entry.getByText(/Faster answers/).innerText()).toBe(NOTES);
    await expect(entry.getByRole('link', { name: `Solvr-Setup-${version}.exe`, exact: true })).toHaveAttribute('href', `/downloads/Solvr-Setup-${version}.exe`);
    await expect(entry.getByText(/blockmap/)).toHaveCount(0);
    found.push(...(await seriousViolations(visitor, `/Releases (${viewport.width})`)));
    expect(await sidewaysScroll(visitor)).toBeLessThanOrEqual(0);

    // The token is done with; the list, read again, has the version.
    await shown.getByRole('button', { name: T.tokenDone }).click();
    await expect(page.getByText(token)).toHaveCount(0);
    await page.reload();
    const card = page.getByRole('article', { name: version });
    await expect(card.getByText(T.states.published)).toBeVisible();
    await expect(card.getByText(`Solvr-Setup-${version}.exe`, { exact: true })).toBeVisible();

    await card.getByLabel(T.percentage).fill('25');
    await card.getByRole('button', { name: T.saveRollout }).click();
    await expect(card.getByText(T.rolloutOf(25))).toBeVisible();
    await card.getByRole('button', { name: T.pause }).click();
    await expect(card.getByText(T.paused, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: T.resume })).toBeFocused();

    await card.getByRole('button', { name: T.pull }).click();
    const dialog = page.getByRole('dialog', { name: T.pull });
    await expect(dialog.getByText(T.pullConfirm(version))).toBeVisible();
    found.push(...(await seriousViolations(page, `Releases tab, pull dialog (${viewport.width})`)));
    await dialog.getByRole('button', { name: T.pullButton }).click();
    await expect(card.getByText(T.states.pulled)).toBeVisible();
    await expect(card.getByRole('button', { name: T.restore })).toBeFocused();

    // The activity (counted by the api and written every few seconds) names the version.
    await expect(async () => {
      await page.reload();
      await expect(page.getByLabel(T.activityOf).locator('option', { hasText: T.activityLabel(version, 'stable', 'windows') })).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: T.activity }).getByRole('heading', { level: 4 })).toBeVisible();

    // Revoked, the token publishes no more.
    await page.getByRole('button', { name: T.revokeLabel(tokenName) }).click();
    await page.getByRole('dialog', { name: T.revokeTitle }).getByRole('button', { name: T.revoke }).click();
    await expect(page.locator('.fa-token', { hasText: tokenName }).locator('.ui-badge', { hasText: T.revoked })).toBeVisible();
    expect((await publish(request, token, `${version}-1`)).status()).toBe(401);

    found.push(...(await seriousViolations(page, `Releases tab after the changes (${viewport.width})`)));
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // Pulled, it is no longer in the history.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: H.empty }).or(visitor.getByRole('article').first())).toBeVisible();
    await expect(visitor.getByRole('article', { name: H.version('Solvr', version) })).toHaveCount(0);
    await visitorContext.close();

    expect(found).toEqual([]);
    expect(watch.problems).toEqual([]);
  });
}

/** A file of a release, made on disk for the native picker. */
function artifact(dir: string, name: string, bytes: number): string {
  const path = join(dir, name);
  writeFileSync(path, randomBytes(bytes));
  return path;
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: the admin publishes a draft from the console by keyboard; no one gets it until it is published, and a pull takes it back from the library and /downloads`, async ({
    page,
    browser,
    request,
  }) => {
    const channel = `pw${viewport.width}${randomBytes(2).toString('hex')}`;
    const version = `4.0.${viewport.width}`;
    const installer = `Solvr-Setup-${version}.exe`;
    const dir = mkdtempSync(join(tmpdir(), 'solvr-publish-'));
    try {
      const files = [artifact(dir, installer, 96 * 1024), artifact(dir, `${installer}.blockmap`, 1024)];
      const member = await confirmedAccount(request, 'releases');
      await page.setViewportSize(viewport);
      const watch = await watchPage(page);
      const found: string[] = [];
      await signIn(page);
      await page.goto('/Admin?tab=Releases');
      const form = page.getByRole('region', { name: T.publishHeading });
      await expect(form).toBeVisible();

      // Its own channel, so what it publishes is no other test's latest version.
      await page.getByLabel(T.channelName).fill(channel);
      await page.getByRole('button', { name: T.addChannel }).click();
      await expect(page.getByText(T.channelAdded(channel))).toBeVisible();

      // The form by keyboard: Tab from the version through channel and notes to the picker; Enter on the button.
      await form.getByLabel(label(T.version)).focus();
      await page.keyboard.type(version);
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(T.channel)).toBeFocused();
      await form.getByLabel(T.channel).selectOption(channel);
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(RELEASE_TEXTS.releaseNotes)).toBeFocused();
      await page.keyboard.type('Answers in half the time.');
      // Waited for before the key that reaches the picker: Playwright turns on Chromium's file chooser interception
      // asynchronously once a listener exists, and a Space that beat it opened the invisible native dialog.
      const choosing = page.waitForEvent('filechooser');
      await page.keyboard.press('Tab');
      const picker = form.getByLabel(label(T.files));
      await expect(picker).toBeFocused();
      await page.keyboard.press('Space');
      const chooser = await choosing;
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles(files);
      await expect(form.getByText(T.chosenFiles(2))).toBeVisible();
      await expect(form.getByLabel(T.keepDraft)).toBeChecked();
      found.push(...(await seriousViolations(page, `Releases tab, publish form filled (${viewport.width})`)));
      await form.getByRole('button', { name: T.saveDraft }).focus();
      await page.keyboard.press('Enter');
      await expect(form.getByText(T.publishedAs(version, channel, 'draft', 2))).toBeVisible();
      const card = page.getByRole('article', { name: version });
      await expect(card.getByText(T.states.draft)).toBeVisible();
      await expect(card.getByText(installer, { exact: true })).toBeVisible();

      // A draft reaches no one: not /downloads, not its feed, not the member's library, not /Releases.
      expect((await request.get(`/downloads/${installer}`)).status()).toBe(404);
      expect(await (await request.get(`/api/updates/${channel}.yml`)).text()).not.toContain(version);
      const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
      const memberPage = await memberContext.newPage();
      await signIn(memberPage, member);
      await memberPage.goto('/Downloads');
      const entry = memberPage.getByRole('article', { name: new RegExp(`^Solvr ${channel} `) });
      await expect(memberPage.getByRole('heading', { name: PORTAL_TEXTS.downloads.desktopApp('Solvr') })).toBeVisible();
      await expect(entry).toHaveCount(0);
      await memberPage.goto('/Releases');
      await expect(memberPage.getByRole('article', { name: H.version('Solvr', version) })).toHaveCount(0);

      // Published from its card: the member's library has one entry for the channel, with its page and platforms.
      await card.getByRole('button', { name: T.publish }).click();
      await expect(card.getByText(T.states.published)).toBeVisible();
      expect((await request.get(`/downloads/${installer}`)).status()).toBe(200);
      await memberPage.goto('/Downloads');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText(PORTAL_TEXTS.files.version(version))).toBeVisible();
      await expect(entry.getByRole('link', { name: PORTAL_TEXTS.downloads.openDownloadPage })).toBeVisible();
      await expect(memberPage.getByRole('article', { name: new RegExp(installer.replace(/[.]/g, '\\.')) })).toHaveCount(0);
      found.push(...(await seriousViolations(memberPage, `Downloads with the desktop app entry (${viewport.width})`)));
      expect(await sidewaysScroll(memberPage)).toBeLessThanOrEqual(0);

      // Pulled: gone from the library and /downloads at once.
      await card.getByRole('button', { name: T.pull }).click();
      await page.getByRole('dialog', { name: T.pull }).getByRole('button', { name: T.pullButton }).click();
      await expect(card.getByText(T.states.pulled)).toBeVisible();
      expect((await request.get(`/downloads/${installer}`)).status()).toBe(404);
      await memberPage.reload();
      await expect(memberPage.getByRole('searchbox', { name: PORTAL_TEXTS.downloads.searchLabel })).toBeVisible();
      await expect(entry).toHaveCount(0);
      found.push(...(await seriousViolations(page, `Releases tab after the console publish (${viewport.width})`)));
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await memberContext.close();

      expect(found).toEqual([]);
      expect(watch.problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** Issue 54, point 8: the library with three published versions, a draft and a pulled one, as a member sees it. */
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: the library shows one desktop app entry for a channel with three published versions, a draft and a pulled one: the newest published, its platforms, no file cards`, async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', { data: admin() });
    expect(login.status()).toBe(200);
    const auth = { Authorization: `Bearer ${(await login.json()).access_token}` };
    const channel = `l${viewport.width}${randomBytes(2).toString('hex')}`; // 2 to 10 letters or digits
    expect((await request.post('/api/admin/release-channels', { headers: auth, data: { name: channel } })).status()).toBe(201);
    const token = (await (await request.post('/api/admin/deploy-tokens', { headers: auth, data: { name: `Library ${channel}` } })).json()).token as string;

    /** One version for every platform, each installer a different size so the entry's sizes say which version it shows. */
    const sizes = (minor: number) => ({ windows: (100 + minor) * 1024, macos: (200 + minor) * 1024, linux: (300 + minor) * 1024 });
    // Versions of this viewport's own (the other viewport runs beside it): /downloads/{name} is one name site-wide.
    const versionOf = (minor: number) => `6.${minor}.${viewport.width}`;
    const release = async (minor: number, draft = false) => {
      const version = versionOf(minor);
      const size = sizes(minor);
      const files: [string, number][] = [
        [`Solvr-Setup-${version}.exe`, size.windows],
        [`Solvr-Setup-${version}.exe.blockmap`, 512],
        [`Solvr-${version}.dmg`, size.macos],
        [`Solvr-${version}-mac.zip`, 150 * 1024],
        [`Solvr-${version}-mac.zip.blockmap`, 512],
        [`Solvr-${version}.AppImage`, size.linux],
      ];
      const res = await publish(request, token, version, { channel, notes: `Notes of ${version}.`, draft, files });
      expect(res.status(), await res.text()).toBe(201);
      return { version, files: files.map(([name]) => name) };
    };
    const published = [await release(1), await release(2), await release(3)];
    const pulled = await release(4);
    const draft = await release(5, true);
    const versions = (await (await request.get('/api/admin/releases', { headers: auth })).json()) as { id: string; channel: string; version: string }[];
    const pulledId = versions.find((v) => v.channel === channel && v.version === pulled.version)?.id;
    expect((await request.patch(`/api/admin/releases/${pulledId}`, { headers: auth, data: { state: 'pulled' } })).status()).toBe(200);

    const member = await confirmedAccount(request, 'library');
    await page.setViewportSize(viewport);
    const watch = await watchPage(page);
    await signIn(page, member);
    await page.goto('/Downloads');
    await expect(page.getByRole('heading', { name: PORTAL_TEXTS.downloads.desktopApp('Solvr') })).toBeVisible();

    // Exactly one entry for the channel: the newest published version (6.3), not the pulled 6.4 or the draft 6.5.
    const entry = page.getByRole('article', { name: new RegExp(`^Solvr ${channel} `) });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('heading')).toHaveText(new RegExp(`${PORTAL_TEXTS.files.version(versionOf(3)).replace(/\./g, '\\.')}$`));
    const size = sizes(3);
    await expect(entry.getByRole('list', { name: PORTAL_TEXTS.downloads.platformsOf }).getByRole('listitem')).toHaveText([
      `${PLATFORM_LABELS.windows} · ${formatFileSize(size.windows)}`,
      `${PLATFORM_LABELS.macos} · ${formatFileSize(size.macos)}`,
      `${PLATFORM_LABELS.linux} · ${formatFileSize(size.linux)}`,
    ]);
    await entry.getByText(RELEASE_TEXTS.releaseNotes).click();
    await expect(entry.getByText(`Notes of ${versionOf(3)}.`)).toBeVisible();
    await expect(entry.getByRole('link', { name: PORTAL_TEXTS.downloads.openDownloadPage })).toBeVisible();

    // None of the 30 release files is a library card, whatever its version or state; no type that only release files
    // have is in the filter (ZIP can be: other tests put ZIP files in the library).
    await expect(page.getByRole('searchbox', { name: PORTAL_TEXTS.downloads.searchLabel })).toBeVisible();
    const cards = page.getByRole('region', { name: PORTAL_TEXTS.downloads.listHeading }).getByRole('article');
    const cardText = (await cards.allInnerTexts()).join('\n');
    for (const name of [...published, pulled, draft].flatMap((r) => r.files)) expect(cardText).not.toContain(name);
    const types = await page.getByLabel(PORTAL_TEXTS.downloads.typeLabel).locator('option').allInnerTexts();
    for (const type of ['EXE', 'DMG', 'APPIMAGE', 'BLOCKMAP']) expect(types).not.toContain(type);

    // The pulled and draft versions' installers answer 404 to the member; the shown one downloads.
    for (const name of [`Solvr-Setup-${pulled.version}.exe`, `Solvr-Setup-${draft.version}.exe`]) expect((await page.request.get(`/downloads/${name}`)).status()).toBe(404);
    expect((await page.request.get(`/downloads/Solvr-Setup-${versionOf(3)}.exe`)).status()).toBe(200);

    const found = await seriousViolations(page, `Downloads with three published versions, a draft and a pulled one (${viewport.width})`);
    expect(found).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(watch.problems).toEqual([]);
  });
}
