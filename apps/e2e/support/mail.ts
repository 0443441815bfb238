import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable (soft line breaks and =XX escapes) in an .eml body. */
const decodeQp = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the newest e-mail to `to` in the site's outbox folder whose subject matches, and returns its first link. */
export async function linkFromOutbox(to: string, subject: RegExp, after = 0): Promise<URL> {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  const end = Date.now() + 15_000;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .map((f) => join(dir, f))
          .filter((f) => statSync(f).mtimeMs >= after)
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const eml = decodeQp(readFileSync(file, 'utf8'));
      const headers = eml.split(/\r?\n\r?\n/)[0];
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(headers) || !subject.test(headers)) continue;
      const link = eml.match(/https?:\/\/[^\s"<>]+/g)?.find((u) => !u.includes('schemas'));
      if (link) return new URL(link);
    }
    if (Date.now() > end) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Chooses who the local OpenID provider signs in next. */
export async function googleIdentity(identity: { sub: string; email: string; email_verified: boolean; name?: string }): Promise<void> {
  await fetch(process.env.E2E_OAUTH_CONTROL!, { method: 'POST', body: JSON.stringify(identity) });
}
