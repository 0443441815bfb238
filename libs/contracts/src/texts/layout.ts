/** Texts of the shell's signed-in header and the public header and footer (link labels are in NAV). */
export const LAYOUT_TEXTS = {
  /** Accessible names of the menus (the signed-in header's and the public one). */
  mainNav: 'Main',
  publicNav: 'Public',
  toggleMenu: 'Toggle menu',
  /** The first stop of the keyboard: jumps over the header to the page. */
  skipToContent: 'Skip to content',
  copyright: (year: number, team: string) => `© ${year} ${team}. All rights reserved.`,
  /** Spec section 2: the footer's description of a file distribution platform. */
  footerDescription: (product: string) => `A file distribution platform for the ${product} desktop app: installers, updates and guides in one place.`,
  /** The mark on a footer item the spec shows without a page behind it (Pricing, API Docs, Integrations, Careers). */
  comingSoon: 'Coming soon',
  /** What a page that needs scripts (sign-in, sign-up, the signed-in area) shows with JavaScript off (index.html). */
  noScript: {
    /** Its stylesheet, linked from a <noscript> in the head: never part of a page's styles with scripts on. */
    stylesheet: '/noscript.css',
    title: 'JavaScript is turned off',
    body: 'Signing in, signing up, your dashboard and your downloads need JavaScript. Turn it on for this site and reload the page.',
    /** Before the links to the pages the server renders (serverRenderedLinks), which work without scripts. */
    linksLabel: 'You can still read:',
  },
} as const;
