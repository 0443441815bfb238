import type { APIRequestContext, Page } from '@playwright/test';
import { linkFromOutbox } from './mail';

/**
 * Collects what a visitor should never get: uncaught page errors, console errors (a failed request, a Content
 * Security Policy violation), securitypolicyviolation events and answers of 400 and above.
 */
export async function watchPage(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message || String(e)}`));
  page.on('console', (m) => {
    // The init script above cannot run in a script-less sandboxed frame (the news preview): that is the sandbox working.
    if (m.type() === 'error' && !m.text().startsWith("Blocked script execution in 'about:srcdoc'")) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return {
    problems,
    /** Forgets what was seen so far (e.g. an expected refusal). */
    clear: () => void problems.splice(0),
  };
}

/** A confirmed account made through the api (sign-up, then the link from the outbox), not signed in anywhere. */
export async function confirmedAccount(request: APIRequestContext, prefix: string, password = 'my-first-pass'): Promise<{ email: string; password: string }> {
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const started = Date.now();
  const res = await request.post('/api/auth/signup', { data: { email, password } });
  if (res.status() !== 202) throw new Error(`sign-up answered ${res.status()}`);
  const link = await linkFromOutbox(email, /Subject: Confirm your/, started);
  await request.get(link.pathname + link.search, { maxRedirects: 0 });
  return { email, password };
}
