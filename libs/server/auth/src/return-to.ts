import { pathTo } from '@solvr/contracts';

const BASE = 'http://our.site';

/** URL parsers drop control characters and spaces, so `/./<TAB>/x` would become `//x`. */
const hasControlOrSpace = (s: string) => [...s].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A place to go back to after sign-in: only a path on our own site, never another origin. The value is
 * normalised first (dot segments, percent-encoding) and the result checked, since `/.//evil.example`
 * resolves to `//evil.example`, which a browser reads as another host.
 */
export function safeReturnTo(value: unknown, fallback = pathTo('Dashboard')): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.includes('\\') || hasControlOrSpace(value)) return fallback;
  try {
    const parsed = new URL(value, BASE);
    const path = parsed.pathname + parsed.search;
    return parsed.origin === BASE && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
}
