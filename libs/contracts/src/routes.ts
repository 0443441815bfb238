import type { AdminTab } from './texts/admin';
import { DEFAULT_BRAND } from './brand';
import { RELEASE_HISTORY_TEXTS } from './texts/release-history';
import type { Role } from './roles';

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
  /** The module the remote exposes for this page; also the name `pathTo` takes. */
  page: string;
  access: PageAccess;
  /** Public pages and CompleteProfile are shown without the signed-in header. */
  bare: boolean;
  /** The page's name in navigation (a header or footer may show its own wording, see NAV). */
  label: string;
  /** The page's title (the browser tab reads `{title} | {product}`, see pageTitle); `{product}` is the product name. */
  title: string;
  /** A public page that is nobody's to find: a step of an account or a link from one person's e-mail (see isPrivatePage). */
  unlisted?: true;
}

/** The route table of spec section 2: one source for the shell's router, both headers, the footer and every link. */
export const PAGES = [
  { segment: 'Landing', area: 'marketing', page: 'Landing', access: 'public', bare: true, label: 'Home', title: 'Ace your coding interviews' },
  { segment: 'Signin', area: 'marketing', page: 'Signin', access: 'public', bare: true, label: 'Sign In', title: 'Sign in', unlisted: true },
  { segment: 'Signup', area: 'marketing', page: 'Signup', access: 'public', bare: true, label: 'Sign Up', title: 'Sign up', unlisted: true },
  { segment: 'VerifyYourEmail', area: 'marketing', page: 'VerifyYourEmail', access: 'public', bare: true, label: 'Email confirmed', title: 'Email confirmation', unlisted: true },
  { segment: 'VerifyThankYou', area: 'marketing', page: 'VerifyThankYou', access: 'public', bare: true, label: 'Thank you', title: 'Check your email', unlisted: true },
  // Not in the spec's table: the page a password-reset e-mail links to (the spec's reset button did nothing).
  { segment: 'ResetPassword', area: 'marketing', page: 'ResetPassword', access: 'public', bare: true, label: 'Reset password', title: 'Reset your password', unlisted: true },
  { segment: 'NewsPage', area: 'marketing', page: 'NewsPage', access: 'public', bare: true, label: 'News', title: 'News' },
  { segment: 'About', area: 'marketing', page: 'About', access: 'public', bare: true, label: 'About', title: 'About' },
  { segment: 'Proof', area: 'marketing', page: 'Proof', access: 'public', bare: true, label: 'Proof', title: 'Proof' },
  // Beyond the spec: where a campaign mail's unsubscribe link leads (the mail's token, no session needed).
  { segment: 'Unsubscribe', area: 'marketing', page: 'Unsubscribe', access: 'public', bare: true, label: 'E-mail preferences', title: 'E-mail preferences', unlisted: true },
  { segment: 'HowItWorks', area: 'marketing', page: 'HowItWorks', access: 'public', bare: true, label: 'How It Works', title: 'How it works' },
  // Beyond the spec (issue 28): every published version of the desktop app with its notes and files.
  { segment: 'Releases', area: 'marketing', page: 'Releases', access: 'public', bare: true, label: 'Releases', title: RELEASE_HISTORY_TEXTS.title },
  { segment: 'Dashboard', area: 'portal', page: 'Dashboard', access: 'session-redirect', bare: false, label: 'Dashboard', title: 'Dashboard' },
  { segment: 'CompleteProfile', area: 'portal', page: 'CompleteProfile', access: 'session-redirect', bare: true, label: 'Complete Profile', title: 'Complete your profile' },
  { segment: '{product}Download', area: 'portal', page: 'ProductDownload', access: 'signed-in', bare: false, label: 'Download', title: 'Download {product}' },
  { segment: 'Downloads', area: 'portal', page: 'Downloads', access: 'signed-in', bare: false, label: 'Downloads', title: 'Downloads' },
  { segment: 'MigrationGuide', area: 'portal', page: 'MigrationGuide', access: 'signed-in', bare: false, label: 'Migration Guide', title: 'Self-hosting migration guide' },
  { segment: 'Help', area: 'portal', page: 'Help', access: 'signed-in', bare: false, label: 'Help', title: 'Help' },
  { segment: 'Contact', area: 'portal', page: 'Contact', access: 'signed-in', bare: false, label: 'Contact', title: 'Contact' },
  // Beyond the spec: where the payment provider's checkout returns (the success page checks the payment with the api).
  { segment: 'PaymentSuccess', area: 'portal', page: 'PaymentSuccess', access: 'signed-in', bare: false, label: 'Payment', title: 'Your payment' },
  { segment: 'PaymentCancelled', area: 'portal', page: 'PaymentCancelled', access: 'signed-in', bare: false, label: 'Payment', title: 'Payment cancelled' },
  { segment: 'Admin', area: 'admin', page: 'Admin', access: 'signed-in', bare: false, label: 'Admin', title: 'Admin dashboard' },
] as const satisfies readonly PageDef[];

/**
 * Pages search engines must not list: every page behind a sign-in, and the unlisted public ones (sign-in, sign-up,
 * e-mail confirmation, password reset, a mail's unsubscribe link). Their documents carry `noindex` and the sitemap
 * leaves them out.
 */
export const isPrivatePage = (page: PageDef): boolean => page.access !== 'public' || page.unlisted === true;

/** The meta tag a private page's document carries in its head (`<meta name="robots" content="noindex">`). */
export const ROBOTS_NOINDEX = { name: 'robots', content: 'noindex' } as const;

/** A page of the route table, by the name its remote exposes it under. */
export type PageName = (typeof PAGES)[number]['page'];

export const LANDING: PageDef = PAGES[0];

export function pageSegment(page: PageDef, product: string): string {
  return page.segment.replace('{product}', product);
}

/** decodeURIComponent that never throws: a malformed escape (a lone `%`) is left as it was typed. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Picks the page by the last path segment, case-insensitively; unknown segments fall back to Landing. */
export function resolvePage(pathname: string, product: string): PageDef {
  const segments = pathname.split('/').filter(Boolean);
  const last = safeDecode(segments[segments.length - 1] ?? '').toLowerCase();
  if (!last) return LANDING;
  return PAGES.find((p) => pageSegment(p, product).toLowerCase() === last) ?? LANDING;
}

/** The browser tab's title of a page, e.g. 'Sign in | Solvr'. */
export function pageTitle(page: PageDef, product: string): string {
  return `${page.title.replace('{product}', product)} | ${product}`;
}

export function pageDef(page: PageName): PageDef {
  return PAGES.find((p) => p.page === page) as PageDef;
}

/** Codes the api puts in `/Signin?error=` when Google sign-in fails (the sign-in page shows their AUTH_MESSAGES text). */
export type SigninErrorCode = 'google' | 'google-unverified';

/** The query each page understands; pages not listed take none. */
export interface PageQueries {
  /** Spec section 2: `no` when the account has no password yet (it then may set one). */
  CompleteProfile: { hasPassword: 'yes' | 'no' };
  Signin: { error?: SigninErrorCode };
  /** The api's confirmation link lands here: `already=1` when the account was confirmed before, `error=invalid` for a bad link. */
  VerifyYourEmail: { error?: 'invalid'; already?: '1' };
  ResetPassword: { token: string };
  /** The signed per-user token of an unsubscribe link. */
  Unsubscribe: { token: string };
  /** The Checkout Session the provider returns with (checked with the api, never trusted). */
  PaymentSuccess: { session_id: string };
  /** The admin console's tab, so a reload or a shared link opens the same one. */
  Admin: { tab?: AdminTab };
}

export type PageQuery<P extends PageName> = P extends keyof PageQueries ? PageQueries[P] : never;

/**
 * The path of a page, e.g. pathTo('Dashboard') → '/Dashboard', pathTo('ProductDownload', 'Acme') → '/AcmeDownload',
 * pathTo('CompleteProfile', undefined, { hasPassword: 'no' }) → '/CompleteProfile?hasPassword=no'.
 * `product` only matters for `{product}Download` (default: the default brand's product).
 */
export function pathTo<P extends PageName>(page: P, product: string = DEFAULT_BRAND.product, query?: PageQuery<P>): string {
  const def = pageDef(page);
  if (!def) throw new Error(`No page ${page} in the route table`);
  const path = '/' + pageSegment(def, product);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, string | undefined>)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A link to a page of the route table, with the wording of the menu it is in. */
export interface NavLink {
  page: PageName;
  label: string;
}

/** A link the spec shows as a placeholder (no page behind it yet). */
export interface PlaceholderLink {
  label: string;
  href: `#${string}`;
}

export interface FooterGroup {
  title: string;
  links: ReadonlyArray<NavLink | PlaceholderLink>;
}

const link = (page: PageName, label: string = pageDef(page).label): NavLink => ({ page, label });

/** The menus of spec section 2 ("Signed-in header", "Public header and footer"). */
export const NAV = {
  /** Signed-in header; Admin is added for role admin only (see signedInNav). */
  signedIn: [link('Dashboard'), link('Downloads'), link('Help'), link('Contact')] as readonly NavLink[],
  adminOnly: [link('Admin')] as readonly NavLink[],
  /** Public header, left to right; the last one ("Get Started", to sign-up) is the call to action. */
  public: [link('HowItWorks'), link('Proof', 'PROOF'), link('NewsPage', 'News'), link('About'), link('Signin')] as readonly NavLink[],
  publicCta: link('Signup', 'Get Started'),
  footer: [
    {
      title: 'Product',
      links: [link('HowItWorks'), link('Releases'), { label: 'Pricing', href: '#pricing' }, { label: 'API Docs', href: '#api-docs' }, { label: 'Integrations', href: '#integrations' }],
    },
    { title: 'Company', links: [link('About'), link('NewsPage', 'Blog'), { label: 'Careers', href: '#careers' }] },
  ] as readonly FooterGroup[],
} as const;

/** The signed-in header's links for a role: Dashboard, Downloads, Help, Contact, plus Admin for admins. */
export function signedInNav(role: Role | null | undefined): readonly NavLink[] {
  return role === 'admin' ? [...NAV.signedIn, ...NAV.adminOnly] : NAV.signedIn;
}

/**
 * The public header's links. Signed in, Sign In gives way to the Dashboard (and the header shows the user menu
 * instead of Get Started).
 */
export function publicNav(signedIn: boolean): readonly NavLink[] {
  return signedIn ? [...NAV.public.filter((l) => l.page !== 'Signin'), link('Dashboard')] : NAV.public;
}

export const isPlaceholder = (l: NavLink | PlaceholderLink): l is PlaceholderLink => 'href' in l;
