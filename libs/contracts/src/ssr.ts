import type { NewsList, NewsView } from './news';
import type { PublicConfig } from './api-types';
import { pageDef, pathTo, type PageName } from './routes';

/** One RTK Query cache entry the server rendered with; the browser starts from the same before it hydrates. */
export interface SsrQuery {
  endpoint: string;
  args: unknown;
  data: unknown;
}

/** The data the server rendered with, in `<script id="solvr-ssr" type="application/json">` (not executed: CSP-safe). */
export interface SsrPayload {
  publicConfig: PublicConfig;
  queries: SsrQuery[];
  /** The build label of the area the server rendered with; a browser that loads another build renders anew. */
  build: string | null;
  /** The address (path and query) it was rendered for: a browser that has moved on before it could take the page
   * over (a Back, a script changing the address) renders anew instead of hydrating another page's HTML. */
  url: string;
}

export const SSR_PAYLOAD_ID = 'solvr-ssr';

/**
 * The pages the api renders on the server: the public content pages. The sign-in, sign-up and e-mail pages are
 * forms, not content: served before their code runs, what a quick visitor typed would be lost at hydration (or sent
 * as a plain form), so the browser renders them.
 */
export const SSR_PAGES: readonly string[] = ['Landing', 'NewsPage', 'HowItWorks', 'Proof', 'About'];

/** Links to the server-rendered pages (they work with JavaScript off), e.g. for the shell's <noscript> text. */
export function serverRenderedLinks(product?: string): { label: string; path: string }[] {
  return (SSR_PAGES as readonly PageName[]).map((page) => ({ label: pageDef(page).label, path: pathTo(page, product) }));
}

/** What the api lends the server renderer to read (published news only). */
export interface SsrDataSource {
  newsList(page: number, limit: number): Promise<NewsList>;
  /** A published post by slug or id; null when there is none (a draft counts as none). */
  newsPost(ref: string): Promise<NewsView | null>;
}

/** A page's head: what search engines and link previews read before any script runs. */
export interface SsrHead {
  title: string;
  description: string;
  /** Path and query of the canonical address (the api prefixes PUBLIC_URL). */
  canonicalPath: string;
  type: 'website' | 'article';
  /** An article's first publication (ISO 8601): `article:published_time`. */
  publishedTime?: string;
}

/** The picture link previews show (og:image), at the site's root: the shell's apps/shell/src/assets/share-card.png. */
export const SHARE_IMAGE = { path: '/share-card.png', width: 1200, height: 630, alt: 'Ace your coding interviews. A free desktop assistant: a suggested solution in 5 to 10 seconds.' } as const;

export interface SsrRenderInput {
  /** Path and query as requested. */
  url: string;
  publicConfig: PublicConfig;
  data: SsrDataSource;
}

export interface SsrRendered {
  html: string;
  head: SsrHead;
  payload: SsrPayload;
  /** 404 for a news post that does not exist (the page still renders its "not found" state). */
  status: 200 | 404;
}

/** The server render bundle's export (dist/apps/shell-ssr/render.js). null: the path is not a server-rendered page. */
export type SsrRender = (input: SsrRenderInput) => Promise<SsrRendered | null>;

/** Spec section 1: each public page's description for search engines and link previews. */
export const PAGE_DESCRIPTIONS: Record<string, (product: string) => string> = {
  Landing: (p) => `${p} is a free desktop assistant for live coding interviews: it reads the problem on your screen and suggests a solution in 5 to 10 seconds.`,
  HowItWorks: (p) => `How ${p} works: install the desktop app, start your interview, and get a suggested solution in under 5 seconds with a hotkey.`,
  Proof: (p) => `Watch ${p} solve real interview problems live, in under 5 seconds.`,
  About: (p) => `About ${p}: our mission, our values and the team behind the free desktop interview assistant.`,
  NewsPage: (p) => `Latest news and updates about ${p}.`,
  Releases: (p) => `Every version of the ${p} desktop app: release notes, dates and downloads for each platform.`,
  Signin: (p) => `Sign in to ${p}.`,
  Signup: (p) => `Create your free ${p} account and download the desktop app.`,
  VerifyYourEmail: (p) => `Confirm your e-mail address for ${p}.`,
  VerifyThankYou: (p) => `Your e-mail address for ${p} is confirmed.`,
  ResetPassword: (p) => `Choose a new password for your ${p} account.`,
};
