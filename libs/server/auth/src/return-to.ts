/** A place to go back to after sign-in: only a path on our own site, never another origin. */
export function safeReturnTo(value: unknown, fallback = '/Dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const parsed = new URL(value, 'http://our.site');
    return parsed.origin === 'http://our.site' ? parsed.pathname + parsed.search : fallback;
  } catch {
    return fallback;
  }
}
