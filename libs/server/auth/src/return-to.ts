import { pathTo } from '@solvr/contracts';

const BASE = 'http://our.site';

/**
 * A place to go back to after sign-in: only a path on our own site, never another origin. The value is
 * normalised first (dot segments, percent-encoding) and the result checked, since `/.//evil.example`
 * resolves to `//evil.example`, which a browser reads as another host.
 */
export function safeReturnTo(value: unknown, fallback = pathTo('Dashboard')): string {
  // Control characters and spaces are dropped by URL parsers, so `/./<TAB>/x` would become `//x`.
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, BASE);
    const path = parsed.pathname + parsed.search;
    return parsed.origin === BASE && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
}
