/** Spec section 2: a page name becomes a route: lower-case, spaces to hyphens, leading slash. */
export function createPageUrl(pageName: string): string {
  return '/' + pageName.toLowerCase().replace(/ /g, '-');
}

export type PageAccess = 'public' | 'signed-in' | 'session-redirect' | 'admin';
export type PageArea = 'marketing' | 'portal' | 'admin';

export interface PageDef {
  /** Route segment as written in the spec; `{product}` is replaced by the brand's product name. */
  segment: string;
  area: PageArea;
  /** The module the remote exposes for this page. */
  page: string;
  access: PageAccess;
  /** Public pages and CompleteProfile are shown without the signed-in header. */
  bare: boolean;
}

export const PAGES: readonly PageDef[] = [
  { segment: 'Landing', area: 'marketing', page: 'Landing', access: 'public', bare: true },
  { segment: 'Signin', area: 'marketing', page: 'Signin', access: 'public', bare: true },
  { segment: 'Signup', area: 'marketing', page: 'Signup', access: 'public', bare: true },
  { segment: 'VerifyYourEmail', area: 'marketing', page: 'VerifyYourEmail', access: 'public', bare: true },
  { segment: 'VerifyThankYou', area: 'marketing', page: 'VerifyThankYou', access: 'public', bare: true },
  // Not in the spec's table: the page a password-reset e-mail links to (the spec's reset button did nothing).
  { segment: 'ResetPassword', area: 'marketing', page: 'ResetPassword', access: 'public', bare: true },
  { segment: 'NewsPage', area: 'marketing', page: 'NewsPage', access: 'public', bare: true },
  { segment: 'About', area: 'marketing', page: 'About', access: 'public', bare: true },
  { segment: 'Proof', area: 'marketing', page: 'Proof', access: 'public', bare: true },
  { segment: 'HowItWorks', area: 'marketing', page: 'HowItWorks', access: 'public', bare: true },
  { segment: 'Dashboard', area: 'portal', page: 'Dashboard', access: 'session-redirect', bare: false },
  { segment: 'CompleteProfile', area: 'portal', page: 'CompleteProfile', access: 'session-redirect', bare: true },
  { segment: '{product}Download', area: 'portal', page: 'ProductDownload', access: 'signed-in', bare: false },
  { segment: 'Downloads', area: 'portal', page: 'Downloads', access: 'signed-in', bare: false },
  { segment: 'MigrationGuide', area: 'portal', page: 'MigrationGuide', access: 'signed-in', bare: false },
  { segment: 'Help', area: 'portal', page: 'Help', access: 'signed-in', bare: false },
  { segment: 'Contact', area: 'portal', page: 'Contact', access: 'signed-in', bare: false },
  { segment: 'Admin', area: 'admin', page: 'Admin', access: 'signed-in', bare: false },
];

export const LANDING = PAGES[0];

export function pageSegment(page: PageDef, product: string): string {
  return page.segment.replace('{product}', product);
}

/** Picks the page by the last path segment, case-insensitively; unknown segments fall back to Landing. */
export function resolvePage(pathname: string, product: string): PageDef {
  const segments = pathname.split('/').filter(Boolean);
  const last = decodeURIComponent(segments[segments.length - 1] ?? '').toLowerCase();
  if (!last) return LANDING;
  return PAGES.find((p) => pageSegment(p, product).toLowerCase() === last) ?? LANDING;
}
